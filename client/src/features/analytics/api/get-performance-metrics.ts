import type { PerformanceMetrics } from '@common/schemas/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** Availability, reliability, MTBF and MTTR per valve, by valve id: the Performance tab. */
export const performanceMetricsQuery = () =>
  queryOptions({
    queryKey: ['/api/analytics/performance-metrics'],
    queryFn: readQueryKey<PerformanceMetrics[]>,
  });

export const usePerformanceMetrics = () => useQuery(performanceMetricsQuery());
