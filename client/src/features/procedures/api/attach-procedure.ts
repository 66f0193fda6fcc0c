import type { ProcedureRun } from '@common/schemas/procedures';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { keepAnswer } from '@/lib/keep-answer';
import { procedureRunsQuery } from './get-procedure-runs';

/** Attaching needs the server (it picks the procedure's current version), so it is not queued offline. */
export function useAttachProcedure(workOrderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ procedureId, key }: { procedureId: number; key: string }) =>
      apiSend<ProcedureRun[]>(
        'POST',
        `/api/work-orders/${workOrderId}/procedures`,
        { procedureId },
        { idempotencyKey: key },
      ),
    onSuccess: async (runs) => {
      if (runs) await keepAnswer(queryClient, procedureRunsQuery(workOrderId).queryKey, runs);
    },
  });
}
