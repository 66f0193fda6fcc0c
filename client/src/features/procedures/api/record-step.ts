import type { ProcedureRun, StepResult, StepResultBody } from '@common/schemas/procedures';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keepAnswer } from '@/lib/keep-answer';
import { isQueued, sendOrQueue } from '@/lib/offline/offline-write';
import { type PhotoToSend, sendPhotoForm } from '@/lib/offline/send-photo';
import { procedureRunsQuery } from './get-procedure-runs';

export type StepWrite = { runId: number; stepKey: string; key: string; body: StepResultBody };

/**
 * One write per step, queued when offline like every other write. A queued answer is shown at once (marked as
 * waiting to sync) by writing it into the cached runs, so the technician can go on to the next step.
 */
export function useRecordStep(workOrderId: number) {
  const queryClient = useQueryClient();
  const queryKey = procedureRunsQuery(workOrderId).queryKey;
  return useMutation({
    mutationFn: ({ runId, stepKey, key, body }: StepWrite) =>
      sendOrQueue<ProcedureRun[]>('PUT', `/api/procedure-runs/${runId}/steps/${encodeURIComponent(stepKey)}`, body, {
        idempotencyKey: key,
      }),
    onSuccess: async (reply, write) => {
      if (!isQueued(reply)) {
        await keepAnswer(queryClient, queryKey, reply);
        return;
      }
      await keepAnswer(queryClient, queryKey, (runs) =>
        runs?.map((run) => (run.id === write.runId ? withQueued(run, write) : run)),
      );
    },
  });
}

/**
 * A photo step's photo and answer as one write (POST …/steps/:stepKey/photo, multipart), queued whole when offline:
 * the step does not wait for a photo id that only the server can give. A queued answer shows at once as waiting.
 */
export function useSendStepPhoto(workOrderId: number) {
  const queryClient = useQueryClient();
  const queryKey = procedureRunsQuery(workOrderId).queryKey;
  return (runId: number, stepKey: string) => async (photo: PhotoToSend) => {
    const url = `/api/procedure-runs/${runId}/steps/${encodeURIComponent(stepKey)}/photo`;
    const fields: Record<string, string> = photo.description ? { description: photo.description } : {};
    const reply = await sendPhotoForm<ProcedureRun[]>(url, fields, photo);
    if (isQueued(reply)) {
      await keepAnswer(queryClient, queryKey, (runs) =>
        runs?.map((run) => (run.id === runId ? withQueued(run, { runId, stepKey, key: photo.key, body: {} }) : run)),
      );
    } else {
      await keepAnswer(queryClient, queryKey, reply);
    }
    return reply;
  };
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
