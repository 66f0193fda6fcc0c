import type { DowntimeInput, DowntimePeriod } from '@common/schemas/reliability';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { readQueryKey } from '@/lib/query-client';

const downtimePath = (workOrderId: number) => `/api/work-orders/${workOrderId}/downtime`;

export const useDowntime = (workOrderId: number) =>
  useQuery({ queryKey: [downtimePath(workOrderId)], queryFn: readQueryKey<DowntimePeriod[]> });

/** After a change: the order's periods, and every figure that sums downtime (the valve's failures, reliability). */
function useRefreshDowntime(workOrderId: number) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => {
        const key = String(query.queryKey[0]);
        return (
          key.startsWith(`/api/work-orders/${workOrderId}`) ||
          key.startsWith('/api/reliability') ||
          /^\/api\/valves\/\d+\/failures$/.test(key)
        );
      },
    });
}

/**
 * A period added after the fact, online: the server refuses one that overlaps another of the order or comes after
 * it was closed, and that refusal belongs on the form the user is looking at.
 */
export function useAddDowntime(workOrderId: number) {
  const refresh = useRefreshDowntime(workOrderId);
  return useMutation({
    mutationFn: async ({ body, key }: { body: DowntimeInput; key: string }) =>
      (await apiSend<DowntimePeriod>('POST', downtimePath(workOrderId), body, {
        idempotencyKey: key,
      })) as DowntimePeriod,
    onSuccess: refresh,
  });
}

export function useRemoveDowntime(workOrderId: number) {
  const refresh = useRefreshDowntime(workOrderId);
  return useMutation({
    mutationFn: (downtimeId: number) => apiSend('DELETE', `${downtimePath(workOrderId)}/${downtimeId}`),
    onSuccess: refresh,
  });
}
