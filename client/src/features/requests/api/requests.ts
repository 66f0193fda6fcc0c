import type { ApproveRequestBody, WorkRequest, WorkRequestStatus } from '@common/schemas/requests';
import type { ValveDetail } from '@common/schemas/valves';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { readQueryKey } from '@/lib/query-client';

export const useWorkRequests = (status: WorkRequestStatus) =>
  useQuery({ queryKey: ['/api/requests', { status }], queryFn: readQueryKey<WorkRequest[]> });

/** The valve's open work orders, for a merge: its detail lists its orders (read and kept offline like any valve). */
export function useOpenWorkOrdersOf(valveId: number, enabled: boolean) {
  const query = useQuery({ queryKey: [`/api/valves/${valveId}`], queryFn: readQueryKey<ValveDetail>, enabled });
  const open = query.data?.workOrders.filter((order) => order.status === 'pending' || order.status === 'in_progress');
  return { ...query, data: open };
}

export type Decision =
  | { kind: 'approve'; body: Partial<ApproveRequestBody> }
  | { kind: 'merge'; body: { workOrderId: number } }
  | { kind: 'reject'; body: { reason: string } };

/**
 * A supervisor's decision, online only: it is taken once (a second is refused with 409) and its refusal belongs on
 * the dialog the supervisor is looking at. After it, the lists and the work orders it may have raised load again.
 */
export function useDecideRequest(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: Decision) =>
      (await apiSend<WorkRequest>('POST', `/api/requests/${requestId}/${decision.kind}`, decision.body)) as WorkRequest,
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => {
          const key = String(query.queryKey[0]);
          return key.startsWith('/api/requests') || key.startsWith('/api/work-orders') || key.startsWith('/api/valves');
        },
      }),
  });
}
