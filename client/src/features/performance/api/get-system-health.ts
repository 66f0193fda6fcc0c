import { PERFORMANCE_WINDOW } from '@common/constants';
import type { SystemHealth } from '@common/schemas/performance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

export const systemHealthQuery = () =>
  queryOptions({ queryKey: ['/api/performance/system-health'], queryFn: readQueryKey<SystemHealth> });

/** Live figures: refreshed while the screen is open (issue 9), unlike the rest of the app (spec §9 no polling). */
export const useSystemHealth = () =>
  useQuery({ ...systemHealthQuery(), refetchInterval: PERFORMANCE_WINDOW.refreshMs, staleTime: 0 });
