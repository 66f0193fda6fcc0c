import type { DowntimeInput, DowntimePeriod } from '@common/schemas/reliability';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { isQueued, sendOrQueue } from '@/lib/offline/offline-write';
import { readQueryKey } from '@/lib/query-client';
import { refreshWorkData } from '@/lib/refresh-work-data';

const downtimePath = (workOrderId: number) => `/api/work-orders/${workOrderId}/downtime`;

export const useDowntime = (workOrderId: number) =>
  useQuery({ queryKey: [downtimePath(workOrderId)], queryFn: readQueryKey<DowntimePeriod[]> });

/** After a change: the order's periods, and every figure that sums downtime (lib/refresh-work-data.ts). */
function useRefreshDowntime() {
  const queryClient = useQueryClient();
  return () => refreshWorkData(queryClient);
}

/**
 * A period added after the fact, often at a site with no signal: then it is queued with its key (the replay records
 * it once) and shown at once as waiting (lib/offline/pending-downtime.ts). Online, the server's refusal of one that
 * overlaps another period of the order, or comes after it was closed, belongs on the form the user is looking at;
 * on replay the same refusal waits on /offline.
 */
export function useAddDowntime(workOrderId: number) {
  const refresh = useRefreshDowntime();
  return useMutation({
    mutationFn: ({ body, key }: { body: DowntimeInput; key: string }) =>
      sendOrQueue<DowntimePeriod>('POST', downtimePath(workOrderId), body, { idempotencyKey: key }),
    onSuccess: (reply) => (isQueued(reply) ? undefined : refresh()),
  });
}

/** Removing stays online: a period shows as removed, and leaves the figures, only once the server has removed it. */
export function useRemoveDowntime(workOrderId: number) {
  const refresh = useRefreshDowntime();
  return useMutation({
    mutationFn: (downtimeId: number) => apiSend('DELETE', `${downtimePath(workOrderId)}/${downtimeId}`),
    onSuccess: refresh,
  });
}
