/** The procedures domain's door (docs/decisions/062). */
export { procedureRoutes } from './routes';
export { runInScope } from './service';
export { readRuns } from './service';
