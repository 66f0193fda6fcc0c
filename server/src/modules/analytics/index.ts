/** The analytics domain's door: what the app and other domains may use of it (docs/decisions/008). */
export { startAnalyticsJob } from './job';
export { analyticsRoutes } from './routes';
