import type { DashboardSummary } from '@common/schemas/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** Spec §2.12's summary: totals, risk counts and the upcoming maintenance list. */
export const analyticsDashboardQuery = () =>
  queryOptions({ queryKey: ['/api/analytics/dashboard'], queryFn: readQueryKey<DashboardSummary> });

export const useAnalyticsDashboard = () => useQuery(analyticsDashboardQuery());
