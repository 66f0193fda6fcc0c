/** The procedures domain's door (docs/decisions/062). */

export { attachCurrentVersion } from './commands';
export { procedureRecords, procedureRunRecords } from './record-kinds';
export { procedureRoutes } from './routes';
export { readRuns, runInScope } from './service';
