import type { DashboardStats } from '@common/schemas/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

export const dashboardStatsQuery = () =>
  queryOptions({ queryKey: ['/api/dashboard/stats'], queryFn: readQueryKey<DashboardStats> });

export const useDashboardStats = () => useQuery(dashboardStatsQuery());
