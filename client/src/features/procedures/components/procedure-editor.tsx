import { SIGN_OFF_STAGES, type SignOffStage } from '@common/constants';
import type { ProcedureVersion } from '@common/schemas/procedures';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/components/use-contract-form';
import { contractSchemas } from '@/lib/contract-schemas';
import { toast } from '@/lib/toast';
import { useSaveProcedure } from '../api/save-procedure';
import { bodyOf, draftOf, emptyProcedure, moveStep, newStep, type ProcedureDraft } from '../procedure-form-values';
import { StepEditor } from './step-editor';

const STAGE_LABELS: Record<SignOffStage, string> = {
  complete: 'Completing the work order',
  approve: 'Approving it',
  close: 'Closing it',
};

const STEP_FIELDS = ['type', 'label', 'unit', 'lower', 'upper', 'options', 'help'];

/** The editor's fields by their contract paths, each step's under 'steps.<index>.' ('steps.1.unit'). */
function fieldsOf(draft: ProcedureDraft): string[] {
  const steps = draft.steps.flatMap((_, index) => STEP_FIELDS.map((field) => `steps.${index}.${field}`));
  return ['name', 'description', 'corrective', 'signOff', 'steps', ...steps];
}

/**
 * Writes a procedure, or the next version of one: its typed steps, what a failed step does, and which steps of
 * the work order need a signature. Publishing never changes a version already run.
 */
export function ProcedureEditor({
  current,
  onDone,
}: {
  current: ProcedureVersion | null;
  onDone: (version: ProcedureVersion) => void;
}) {
  const [draft, setDraft] = useState<ProcedureDraft>(() => (current ? draftOf(current) : emptyProcedure()));
  const save = useSaveProcedure();
  const form = useContractForm({
    schemas: contractSchemas.procedures,
    fields: fieldsOf(draft),
    failedTitle: 'Could not publish',
  });
  const busy = save.isPending || form.checking;
  const errors = form.errors;
  const set = <K extends keyof ProcedureDraft>(key: K, value: ProcedureDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    // What was wrong is judged again at the next publish; a field being mended no longer shows red.
    form.reset();
  };
  const stepErrors = (index: number) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([path]) => path.startsWith(`steps.${index}.`))
        .map(([path, message]) => [path.slice(`steps.${index}.`.length), message]),
    );

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = await form.check((schemas) => schemas.procedureBody, bodyOf(draft));
      if (!body) return;
      save.mutate(
        { id: current?.procedureId ?? null, body },
        {
          onSuccess: (version) => {
            if (!version) return;
            toast({ title: `Published ${version.name}, version ${version.version}` });
            onDone(version);
          },
          onError: (error) => form.refuse(error),
        },
      );
    });

  return (
    <form
      ref={form.ref}
      onSubmit={submit}
      noValidate
      className="grid min-w-0 gap-4 [&>*]:min-w-0"
      aria-label="Procedure"
    >
      {current ? (
        <p className="text-sm text-slate-600">
          Version {current.version} is current. Publishing makes version {current.version + 1}; work orders that ran an
          earlier version keep it.
        </p>
      ) : null}
      <FormProblemAlert problem={form.alert} />
      <Field label="Name" required error={errors.name}>
        {(control) => <Input {...control} value={draft.name} onChange={(e) => set('name', e.target.value)} />}
      </Field>
      <Field label="Description" error={errors.description}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
          />
        )}
      </Field>
      <Field label="A failed step" hint="A failed check or a number outside its limits.">
        {(control) => (
          <Select
            {...control}
            value={draft.corrective}
            onChange={(e) => set('corrective', e.target.value as ProcedureDraft['corrective'])}
          >
            <option value="offer">offers a corrective work order</option>
            <option value="force">raises a corrective work order</option>
          </Select>
        )}
      </Field>
      <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">Signature required for</legend>
        {SIGN_OFF_STAGES.map((stage) => (
          <label key={stage} className="flex min-h-11 items-center gap-3 text-base text-slate-900">
            <input
              type="checkbox"
              className="size-6"
              checked={draft.signOff.includes(stage)}
              onChange={(e) =>
                set('signOff', e.target.checked ? [...draft.signOff, stage] : draft.signOff.filter((s) => s !== stage))
              }
            />
            {STAGE_LABELS[stage]}
          </label>
        ))}
      </fieldset>
      <h3 className="text-lg font-bold text-slate-900">Steps</h3>
      {errors.steps ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          Steps {errors.steps}
        </p>
      ) : null}
      <ol className="grid min-w-0 gap-3">
        {draft.steps.map((step, index) => (
          <StepEditor
            key={step.id}
            step={step}
            index={index}
            count={draft.steps.length}
            errors={stepErrors(index)}
            onChange={(next) =>
              set(
                'steps',
                draft.steps.map((s) => (s.id === step.id ? next : s)),
              )
            }
            onMove={(by) => set('steps', moveStep(draft.steps, index, by))}
            onRemove={() =>
              set(
                'steps',
                draft.steps.filter((s) => s.id !== step.id),
              )
            }
          />
        ))}
      </ol>
      <Button
        variant="outline"
        onClick={() => set('steps', [...draft.steps, newStep()])}
        disabled={draft.steps.length >= 100}
      >
        <Plus className="size-5" aria-hidden="true" />
        Add step
      </Button>
      <FormActions>
        <SubmitButton busy={busy} busyLabel="Publishing…">
          {current ? 'Publish new version' : 'Publish procedure'}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
