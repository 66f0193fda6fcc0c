import { DISPLAY_LIMITS } from '@common/constants';
import { describe, expect, it } from 'vitest';
import { activitiesQuery } from '@/features/dashboard/api/get-activities';
import { dashboardStatsQuery } from '@/features/dashboard/api/get-dashboard-stats';
import { valvePreviewQuery } from '@/features/valves/api/get-valves';
import { workOrderPreviewQuery } from '@/features/work-orders/api/get-work-orders';
import { EARLY_READS, EARLY_SESSION_READ } from '@/lib/offline/early-reads';
import { queryKeyToPath } from '@/lib/query-key';
import { sessionQuery } from '@/lib/session/session-query';

/** The dashboard's sections come from four features; the page's starter must ask for exactly what they read. */
describe('early reads', () => {
  it('asks for exactly the paths the dashboard reads, or the app would fetch them twice', () => {
    const dashboard = [
      dashboardStatsQuery(),
      valvePreviewQuery(DISPLAY_LIMITS.dashboardValves),
      workOrderPreviewQuery(DISPLAY_LIMITS.dashboardWorkOrders),
      activitiesQuery(),
    ].map((query) => queryKeyToPath(query.queryKey));
    expect(EARLY_READS['/app']).toEqual(dashboard);
    expect(EARLY_SESSION_READ).toBe(queryKeyToPath(sessionQuery.queryKey));
  });
});
