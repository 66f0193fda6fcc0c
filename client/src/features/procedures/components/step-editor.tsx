import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { STEP_TYPE_LABELS, type StepDraft, type StepType } from '../procedure-form-values';

type Props = {
  step: StepDraft;
  index: number;
  count: number;
  /** Messages by field of this step ('label', 'unit', 'upper', 'options'...). */
  errors: Record<string, string | undefined>;
  onChange: (step: StepDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

/** One step of the procedure being written: its type, what the technician is asked, and the type's own fields. */
export function StepEditor({ step, index, count, errors, onChange, onMove, onRemove }: Props) {
  const set = <K extends keyof StepDraft>(key: K, value: StepDraft[K]) => onChange({ ...step, [key]: value });
  return (
    <li
      className="grid min-w-0 gap-3 rounded-lg border border-slate-200 bg-white p-3 [&>*]:min-w-0"
      aria-label={`Step ${index + 1}`}
    >
      <div className="flex items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">Step {index + 1}</p>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={() => onMove(-1)} disabled={index === 0}>
            <ArrowUp className="size-5" aria-hidden="true" />
            <span className="sr-only">Move step {index + 1} up</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onMove(1)} disabled={index === count - 1}>
            <ArrowDown className="size-5" aria-hidden="true" />
            <span className="sr-only">Move step {index + 1} down</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={onRemove} disabled={count === 1}>
            <Trash2 className="size-5" aria-hidden="true" />
            <span className="sr-only">Remove step {index + 1}</span>
          </Button>
        </div>
      </div>
      <Field label="Type">
        {(control) => (
          <Select {...control} value={step.type} onChange={(e) => set('type', e.target.value as StepType)}>
            {Object.entries(STEP_TYPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="What to do or check" required error={errors.label}>
        {(control) => <Input {...control} value={step.label} onChange={(e) => set('label', e.target.value)} />}
      </Field>
      {step.type === 'number' ? (
        <div className="grid grid-cols-2 gap-2">
          <Field label="Unit" required error={errors.unit} className="col-span-2">
            {(control) => <Input {...control} value={step.unit} onChange={(e) => set('unit', e.target.value)} />}
          </Field>
          <Field label="Min" error={errors.lower}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                value={step.lower}
                onChange={(e) => set('lower', e.target.value)}
              />
            )}
          </Field>
          <Field label="Max" error={errors.upper}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                value={step.upper}
                onChange={(e) => set('upper', e.target.value)}
              />
            )}
          </Field>
        </div>
      ) : null}
      {step.type === 'choice' ? (
        <Field label="Options, one a line" required error={errors.options} hint="From 2 to 12 options.">
          {(control) => (
            <Textarea {...control} rows={3} value={step.options} onChange={(e) => set('options', e.target.value)} />
          )}
        </Field>
      ) : null}
      <Field label="Help" error={errors.help}>
        {(control) => <Input {...control} value={step.help} onChange={(e) => set('help', e.target.value)} />}
      </Field>
    </li>
  );
}
