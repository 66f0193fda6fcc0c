import type { DashboardSensorReading, DashboardSummary, PredictiveAnalytics } from '@common/schemas/analytics';

/**
 * Which valve the dashboard's Run Analysis analyses (spec §7 has no plant-wide run; the background job recomputes
 * every valve on its schedule): the valve the Trends chart shows, which the server picks as the one at highest
 * risk; else the first valve due for maintenance; else the first analysed valve.
 */
export function valveToAnalyse(
  readings: DashboardSensorReading[] | undefined,
  predictive: PredictiveAnalytics[] | undefined,
  summary: DashboardSummary | undefined,
): number | undefined {
  const charted = readings?.[0]?.valveId;
  const chartedId = predictive?.find((p) => p.valveTag === charted)?.valveId;
  return chartedId ?? summary?.upcomingMaintenance[0]?.valve.id ?? predictive?.[0]?.valveId;
}
