import type { DashboardSensorReading } from '@common/schemas/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/**
 * The Trends chart's readings: the most recent of the valve at highest risk, oldest first, all three sensors.
 * No parameters, so the path is the one the offline preload stores (lib/offline/preload.ts).
 */
export const dashboardSensorReadingsQuery = () =>
  queryOptions({ queryKey: ['/api/analytics/sensor-readings'], queryFn: readQueryKey<DashboardSensorReading[]> });

export const useDashboardSensorReadings = () => useQuery(dashboardSensorReadingsQuery());
