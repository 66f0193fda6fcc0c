import type { ValveAnalytics } from '@common/schemas/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** Spec §2.13: one valve's scores, performance and last 7 days of readings. */
export const valveAnalyticsQuery = (id: number) =>
  queryOptions({ queryKey: ['/api/analytics/valves', id], queryFn: readQueryKey<ValveAnalytics> });

export const useValveAnalytics = (id: number) => useQuery(valveAnalyticsQuery(id));
