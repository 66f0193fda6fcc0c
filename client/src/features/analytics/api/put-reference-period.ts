import type { ReferencePeriod, ReferencePeriodInput } from '@common/schemas/analytics';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { keepAnswer } from '@/lib/keep-answer';
import { valveAnalyticsQuery } from './get-valve-analytics';
import { referencePeriodQuery, valveAnomaliesQuery } from './get-valve-condition';
import { refreshDashboardReads } from './run-analysis';

/** Marks the valve's healthy period; the server recomputes the valve, so its results and episodes are read again. */
export function useMarkReferencePeriod(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReferencePeriodInput) =>
      (await apiSend<ReferencePeriod>('PUT', `/api/valves/${id}/reference-period`, body)) as ReferencePeriod,
    onSuccess: async (period) => {
      await keepAnswer(queryClient, referencePeriodQuery(id).queryKey, period);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: valveAnalyticsQuery(id).queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: valveAnomaliesQuery(id).queryKey, exact: true }),
        refreshDashboardReads(queryClient),
      ]);
    },
  });
}
