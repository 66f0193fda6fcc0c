import type { ProcedureRun, StepResultBody } from '@common/schemas/procedures';
import { TEXTS } from '@common/texts';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { FormAlert } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { Skeletons } from '@/components/ui/skeleton';
import { newActionKey } from '@/lib/action-key';
import { readApiError } from '@/lib/api-error';
import { useCan } from '@/lib/session/use-can';
import { useAttachProcedure } from '../api/attach-procedure';
import { useProcedureRuns } from '../api/get-procedure-runs';
import { useProcedures } from '../api/get-procedures';
import { useRecordStep, useSendStepPhoto } from '../api/record-step';
import { type PhotoStepSlot, StepCard } from './step-card';

/** The procedures on a work order, each filled in step by step; attaching one while the order is open. */
export function ProcedureRuns({
  workOrderId,
  open,
  started,
  PhotoStep,
}: {
  workOrderId: number;
  open: boolean;
  /** Steps are recorded once the work order is started (in progress). */
  started: boolean;
  PhotoStep?: PhotoStepSlot;
}) {
  const { data: runs, isPending, error } = useProcedureRuns(workOrderId);
  if (isPending) return <Skeletons count={2} label="Loading procedures" itemClassName="h-32" />;
  if (error) return <FormAlert title="Procedures could not be loaded">{readApiError(error).message}</FormAlert>;
  return (
    <div className="grid gap-6">
      {runs.length === 0 ? (
        <EmptyState>No procedure attached. Attach one to record the work step by step.</EmptyState>
      ) : null}
      {runs.length && open && !started ? (
        <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">
          {TEXTS.procedures.waitsForStart}
        </p>
      ) : null}
      {runs.map((run) => (
        <RunSteps key={run.id} run={run} started={started} workOrderId={workOrderId} PhotoStep={PhotoStep} />
      ))}
      {open ? <AttachProcedure workOrderId={workOrderId} attached={runs} /> : null}
    </div>
  );
}

function RunSteps({
  run,
  started,
  workOrderId,
  PhotoStep,
}: {
  run: ProcedureRun;
  started: boolean;
  workOrderId: number;
  PhotoStep?: PhotoStepSlot;
}) {
  const record = useRecordStep(workOrderId);
  const sendPhoto = useSendStepPhoto(workOrderId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pendingStep, setPendingStep] = useState<string | null>(null);
  const save = (stepKey: string, body: StepResultBody) => {
    setPendingStep(stepKey);
    setErrors(({ [stepKey]: _gone, ...rest }) => rest);
    record.mutate(
      { runId: run.id, stepKey, key: newActionKey(), body },
      {
        onError: (error) => setErrors((current) => ({ ...current, [stepKey]: readApiError(error).message })),
        onSettled: () => setPendingStep(null),
      },
    );
  };
  const done = run.results.length;
  return (
    <section aria-label={run.procedure.name}>
      <h3 className="text-lg font-bold text-slate-900">{run.procedure.name}</h3>
      <p className="mb-3 text-sm text-slate-600">
        Version {run.procedure.version} · {done} of {run.procedure.steps.length} steps recorded
        {run.locked ? ' · signed, closed to changes' : ''}
      </p>
      <ol className="grid gap-3">
        {run.procedure.steps.map((step, index) => (
          <StepCard
            key={step.key}
            run={run}
            started={started}
            step={step}
            index={index}
            result={run.results.find((r) => r.stepKey === step.key)}
            busy={pendingStep === step.key}
            error={errors[step.key]}
            onRecord={(body) => save(step.key, body)}
            sendPhoto={sendPhoto(run.id, step.key)}
            PhotoStep={PhotoStep}
          />
        ))}
      </ol>
    </section>
  );
}

function AttachProcedure({ workOrderId, attached }: { workOrderId: number; attached: ProcedureRun[] }) {
  const mayWork = useCan('work-orders:work');
  const { data: procedures } = useProcedures(mayWork);
  const attach = useAttachProcedure(workOrderId);
  const [choice, setChoice] = useState('');
  if (!mayWork || !procedures) return null;
  const free = procedures.filter((p) => !attached.some((run) => run.procedure.procedureId === p.id));
  if (!free.length) return null;
  return (
    <form
      className="grid gap-2 rounded-lg border border-dashed border-slate-300 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (choice)
          attach.mutate({ procedureId: Number(choice), key: newActionKey() }, { onSuccess: () => setChoice('') });
      }}
    >
      <label htmlFor={`attach-procedure-${workOrderId}`} className="grid gap-1 text-sm font-medium text-slate-800">
        Attach a procedure
        <Select id={`attach-procedure-${workOrderId}`} value={choice} onChange={(e) => setChoice(e.target.value)}>
          <option value="">Choose a procedure…</option>
          {free.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} (v{p.currentVersion}, {p.stepCount} steps{p.signOff.length ? ', signed' : ''})
            </option>
          ))}
        </Select>
      </label>
      {attach.error ? (
        <p role="alert" className="text-sm text-red-800">
          {readApiError(attach.error).message}
        </p>
      ) : null}
      <Button type="submit" disabled={!choice || attach.isPending}>
        Attach
      </Button>
    </form>
  );
}
