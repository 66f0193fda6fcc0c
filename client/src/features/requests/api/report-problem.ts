import type { WorkRequest, WorkRequestBody } from '@common/schemas/requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOrQueue } from '@/lib/offline/offline-write';

/** A signed-in report at a valve: like any field write, kept for later when there is no signal. */
export function useReportProblem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: WorkRequestBody; key: string }) =>
      sendOrQueue<WorkRequest>('POST', '/api/requests', body, { idempotencyKey: key }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/requests'] }),
  });
}
