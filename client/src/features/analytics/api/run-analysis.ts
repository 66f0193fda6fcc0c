import type { ValveAnalytics } from '@common/schemas/analytics';
import { TEXTS } from '@common/texts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { keepAnswer } from '@/lib/keep-answer';
import { toast } from '@/lib/toast';
import { analyticsDashboardQuery } from './get-analytics-dashboard';
import { performanceMetricsQuery } from './get-performance-metrics';
import { predictiveQuery } from './get-predictive';
import { dashboardSensorReadingsQuery } from './get-sensor-readings';
import { valveAnalyticsQuery } from './get-valve-analytics';

/**
 * Runs the engine on one valve now; the server stores and returns the fresh result. Online only: a queued
 * "analysis" would report a result nobody computed.
 */
export async function runAnalysis(id: number): Promise<ValveAnalytics> {
  const result = await apiSend<ValveAnalytics>('POST', `/api/analytics/predictive/${id}`);
  if (!result) throw new Error('The server sent no analysis.');
  return result;
}

/** The four dashboard reads change with any valve's result. */
export function refreshDashboardReads(queryClient: QueryClient) {
  return Promise.all(
    [analyticsDashboardQuery(), dashboardSensorReadingsQuery(), predictiveQuery(), performanceMetricsQuery()].map(
      ({ queryKey }) => queryClient.invalidateQueries({ queryKey, exact: true }),
    ),
  );
}

/** Spec §4 analysis run: idle, pending, then the success or failure toast of spec §8. */
export function useRunAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAnalysis,
    onSuccess: async (analytics) => {
      await keepAnswer(queryClient, valveAnalyticsQuery(analytics.id).queryKey, analytics);
      await refreshDashboardReads(queryClient);
      toast(TEXTS.analytics.toasts.complete);
    },
    onError: (error) => {
      console.warn('analysis run failed', error);
      toast({ ...TEXTS.analytics.toasts.failed, tone: 'danger' });
    },
  });
}
