/** The analytics screens, one module so the router loads them (and recharts) as one chunk on first visit. */
export { AnalyticsDashboardScreen } from './analytics-dashboard-screen';
export { ReadingsImportScreen } from './import/readings-import-screen';
export { ValveAnalyticsScreen } from './valve-analytics-screen';
