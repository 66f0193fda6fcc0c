/** The procedures domain's door (docs/decisions/062). */
export { procedureRoutes } from './routes';
export { readRuns, runInScope } from './service';
