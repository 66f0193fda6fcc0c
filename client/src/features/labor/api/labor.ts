import type { LaborEntry, LaborEntryBody, LaborTimerBody } from '@common/schemas/labor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { readQueryKey } from '@/lib/query-client';

/** A work order's hours: the list, and what it costs (the work order's cost is read again after every change). */
const laborPath = (workOrderId: number) => `/api/work-orders/${workOrderId}/labor`;

export const useWorkOrderLabor = (workOrderId: number) =>
  useQuery({ queryKey: [laborPath(workOrderId)], queryFn: readQueryKey<LaborEntry[]> });

function useLaborWrite<Body>(workOrderId: number, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: Body; key: string }) =>
      apiSend<LaborEntry>('POST', `${laborPath(workOrderId)}${path}`, body, {
        idempotencyKey: key,
      }) as Promise<LaborEntry>,
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith(`/api/work-orders/${workOrderId}`),
      }),
  });
}

export const useLogLabor = (workOrderId: number) => useLaborWrite<LaborEntryBody>(workOrderId, '');
export const useStartTimer = (workOrderId: number) => useLaborWrite<LaborTimerBody>(workOrderId, '/timer');
export const useStopTimer = (workOrderId: number) => useLaborWrite<LaborTimerBody>(workOrderId, '/timer/stop');
