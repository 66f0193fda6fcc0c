import { DISPLAY_LIMITS } from '@common/constants';
import type { QueryClient } from '@tanstack/react-query';
import { activitiesQuery } from '@/features/dashboard/api/get-activities';
import { dashboardStatsQuery } from '@/features/dashboard/api/get-dashboard-stats';
import { emergenciesQuery } from '@/features/emergencies/api/get-emergencies';
import { reliefSummaryQuery } from '@/features/relief-valves/api/reads';
import { valvePreviewQuery } from '@/features/valves/api/get-valves';
import { workOrderPreviewQuery } from '@/features/work-orders/api/get-work-orders';
import { isMarkedSignedIn } from '@/lib/offline/early-reads';

/**
 * The keys of what the dashboard's sections read (spec §2.3), the emergency banner first; EARLY_READS['/app'] asks
 * for the same paths. Each is a plain read of its key (readQueryKey, the client's default query function).
 */
export const dashboardReads = (): (readonly unknown[])[] => [
  emergenciesQuery.queryKey,
  dashboardStatsQuery().queryKey,
  reliefSummaryQuery.queryKey,
  valvePreviewQuery(DISPLAY_LIMITS.dashboardValves).queryKey,
  workOrderPreviewQuery(DISPLAY_LIMITS.dashboardWorkOrders).queryKey,
  activitiesQuery().queryKey,
];

/**
 * The page opened at the dashboard on a device where someone is signed in: its reads go into the cache while the
 * session is still being checked (taking the early reads' answers), so the dashboard's first render has its data and
 * draws whole, instead of section by section with the emergency banner pushing the rest down when it arrives.
 */
export function startDashboardReads(queryClient: QueryClient): void {
  if (location.pathname !== '/app' || !isMarkedSignedIn()) return;
  for (const queryKey of dashboardReads()) void queryClient.prefetchQuery({ queryKey });
}
