/** The analytics domain's door: what the app and other domains may use of it (docs/decisions/008). */

export { episodeAdvice } from './engine/condition/outcome';
export { DEFAULT_RUN, simulateRun } from './engine/simulation/runs';
export { listEpisodes } from './episodes';
export { analyseFirstStart, analyticsReadingsJob, analyticsRecomputeJob, watchReadings } from './job';
export { anomalyNotices } from './notices';
export { type ValveFigures, valveFigures } from './plan-inputs';
export { type EpisodesStored, recomputeOrganization } from './recompute';
export { analyticsRoutes } from './routes';
