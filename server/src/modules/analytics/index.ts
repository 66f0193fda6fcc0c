/** The analytics domain's door: what the app and other domains may use of it (docs/decisions/008). */

export { DEFAULT_RUN, simulateRun } from './engine/simulation/runs';
export { analyticsRecomputeJob, startAnalyticsJob } from './job';
export { type ValveFigures, valveFigures } from './plan-inputs';
export { analyticsRoutes } from './routes';
