import type { SignOffStage } from '@common/constants';
import type { ProcedureBody, ProcedureStep, ProcedureVersion } from '@common/schemas/procedures';

export type StepType = ProcedureStep['type'];

/** A step as the editor holds it: every field a string, as typed; `key` kept once given (results point at it). */
export type StepDraft = {
  id: string;
  key: string;
  type: StepType;
  label: string;
  help: string;
  unit: string;
  lower: string;
  upper: string;
  /** Choice options, one a line. */
  options: string;
};

export type ProcedureDraft = {
  name: string;
  description: string;
  corrective: 'offer' | 'force';
  signOff: SignOffStage[];
  steps: StepDraft[];
};

export const STEP_TYPE_LABELS: Record<StepType, string> = {
  check: 'Check (pass / fail / N/A)',
  number: 'Number with unit and limits',
  text: 'Text',
  choice: 'Choice',
  photo: 'Photo required',
  signature: 'Signature',
};

let drafted = 0;
export function newStep(type: StepType = 'check'): StepDraft {
  drafted += 1;
  return { id: `new-${drafted}`, key: '', type, label: '', help: '', unit: '', lower: '', upper: '', options: '' };
}

export const emptyProcedure = (): ProcedureDraft => ({
  name: '',
  description: '',
  corrective: 'offer',
  signOff: [],
  steps: [newStep()],
});

/** The current version as a draft: editing it publishes the next version. */
export function draftOf(version: ProcedureVersion): ProcedureDraft {
  return {
    name: version.name,
    description: version.description,
    corrective: version.corrective,
    signOff: version.signOff,
    steps: version.steps.map((s) => ({
      ...newStep(s.type),
      key: s.key,
      label: s.label,
      help: s.help ?? '',
      ...(s.type === 'number' && {
        unit: s.unit,
        lower: s.lower == null ? '' : String(s.lower),
        upper: s.upper == null ? '' : String(s.upper),
      }),
      ...(s.type === 'choice' && { options: s.options.join('\n') }),
    })),
  };
}

/** A step key from its label: lower-case words joined by -, made unique among the keys already taken. */
export function keyFor(label: string, taken: Set<string>): string {
  const base =
    label
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 34) || 'step';
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
  taken.add(key);
  return key;
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

/** The body to publish (unchecked: the contract's schema judges it, so the form shows the server's own words). */
export function bodyOf(draft: ProcedureDraft): ProcedureBody {
  const taken = new Set(draft.steps.map((s) => s.key).filter(Boolean));
  const steps = draft.steps.map((s): ProcedureStep => {
    const base = {
      key: s.key || keyFor(s.label, taken),
      label: s.label.trim(),
      ...(s.help.trim() && { help: s.help.trim() }),
    };
    switch (s.type) {
      case 'number':
        return {
          ...base,
          type: 'number',
          unit: s.unit.trim(),
          lower: numberOrNull(s.lower),
          upper: numberOrNull(s.upper),
        };
      case 'choice':
        return {
          ...base,
          type: 'choice',
          options: s.options
            .split('\n')
            .map((o) => o.trim())
            .filter(Boolean),
        };
      default:
        return { ...base, type: s.type };
    }
  });
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    corrective: draft.corrective,
    signOff: draft.signOff,
    steps,
  };
}

/** Moves a step up (-1) or down (+1); the ends stay put. */
export function moveStep(steps: StepDraft[], index: number, by: -1 | 1): StepDraft[] {
  const to = index + by;
  if (to < 0 || to >= steps.length) return steps;
  const next = [...steps];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}
