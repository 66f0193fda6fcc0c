import type { FailureInput, FailureReport } from '@common/schemas/reliability';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { keepAnswer } from '@/lib/keep-answer';
import { readQueryKey } from '@/lib/query-client';

/** Under the work order's path, so a completion (which refreshes the order's reads) reads it again. */
const failurePath = (workOrderId: number) => `/api/work-orders/${workOrderId}/failure`;

const workOrderFailureQuery = (workOrderId: number) =>
  queryOptions({ queryKey: [failurePath(workOrderId)], queryFn: readQueryKey<FailureReport | null> });

export const useWorkOrderFailure = (workOrderId: number) => useQuery(workOrderFailureQuery(workOrderId));

/**
 * A reliability engineer's recoding of a completed order's failure: online only, since it corrects the record
 * others read and a refusal (not completed, not allowed) must be seen at once.
 */
export function useSaveFailure(workOrderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: FailureInput) =>
      (await apiSend<FailureReport>('PUT', failurePath(workOrderId), body)) as FailureReport,
    onSuccess: async (report) => {
      await keepAnswer(queryClient, workOrderFailureQuery(workOrderId).queryKey, report);
      // The valve's failures and the reliability figures count it.
      void queryClient.invalidateQueries({
        predicate: (query) => {
          const key = String(query.queryKey[0]);
          return key.startsWith('/api/reliability') || key === `/api/valves/${report.valveId}/failures`;
        },
      });
    },
  });
}
