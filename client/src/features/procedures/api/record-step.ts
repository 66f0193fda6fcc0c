import type { ProcedureRun, StepResult, StepResultBody } from '@common/schemas/procedures';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { keepAnswer } from '@/lib/keep-answer';
import { isQueued, type Queued, sendOrQueue } from '@/lib/offline/offline-write';
import { type PhotoToSend, sendPhotoForm } from '@/lib/offline/send-photo';
import { procedureRunsQuery } from './get-procedure-runs';

export type StepWrite = { runId: number; stepKey: string; key: string; body: StepResultBody };

/**
 * One write per step, queued when offline like every other write. A queued answer is shown at once (marked as
 * waiting to sync) by writing it into the cached runs, so the technician can go on to the next step.
 */
export function useRecordStep(workOrderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ runId, stepKey, key, body }: StepWrite) =>
      sendOrQueue<ProcedureRun[]>('PUT', `/api/procedure-runs/${runId}/steps/${encodeURIComponent(stepKey)}`, body, {
        idempotencyKey: key,
      }),
    onSuccess: (reply, write) => keepStepAnswer(queryClient, workOrderId, reply, write),
  });
}

/**
 * A photo step's photo and answer as one write (POST …/steps/:stepKey/photo, multipart), queued whole when offline:
 * the step does not wait for a photo id that only the server can give. A queued answer shows at once as waiting.
 */
export function useSendStepPhoto(workOrderId: number) {
  const queryClient = useQueryClient();
  return (runId: number, stepKey: string) => async (photo: PhotoToSend) => {
    const url = `/api/procedure-runs/${runId}/steps/${encodeURIComponent(stepKey)}/photo`;
    const fields: Record<string, string> = photo.description ? { description: photo.description } : {};
    const reply = await sendPhotoForm<ProcedureRun[]>(url, fields, photo);
    await keepStepAnswer(queryClient, workOrderId, reply, { runId, stepKey, key: photo.key, body: {} });
    return reply;
  };
}

/** The server's runs into the cache; a queued answer into its run, marked as waiting to sync. */
function keepStepAnswer(
  queryClient: QueryClient,
  workOrderId: number,
  reply: ProcedureRun[] | Queued,
  write: StepWrite,
) {
  const queryKey = procedureRunsQuery(workOrderId).queryKey;
  if (!isQueued(reply)) return keepAnswer(queryClient, queryKey, reply);
  return keepAnswer(queryClient, queryKey, (runs) =>
    runs?.map((run) => (run.id === write.runId ? withQueued(run, write) : run)),
  );
}

/** Whether an answer fails its step: a failed check, or a number outside the step's limits (as the server judges). */
export function failsStep(run: ProcedureRun, stepKey: string, body: StepResultBody): boolean {
  const step = run.procedure.steps.find((s) => s.key === stepKey);
  if (step?.type === 'check') return body.answer === 'fail';
  if (step?.type !== 'number' || body.numberValue == null) return false;
  return (step.lower != null && body.numberValue < step.lower) || (step.upper != null && body.numberValue > step.upper);
}

/** A queued answer as a result; `recordedBy: null` marks it as not yet synced. */
function withQueued(run: ProcedureRun, write: StepWrite): ProcedureRun {
  const queued: StepResult = {
    stepKey: write.stepKey,
    answer: write.body.answer ?? null,
    numberValue: write.body.numberValue ?? null,
    photoId: write.body.photoId ?? null,
    failed: failsStep(run, write.stepKey, write.body),
    correctiveWorkOrderId: null,
    correctiveWorkOrderNumber: null,
    signature: null,
    recordedBy: null,
    recordedAt: new Date().toISOString(),
  };
  return { ...run, results: [...run.results.filter((r) => r.stepKey !== write.stepKey), queued] };
}
