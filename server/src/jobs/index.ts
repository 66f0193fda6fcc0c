/**
 * The job queue (pg-boss on the server's database, decisions/050): machinery below the domains, importing none.
 * Domains describe their jobs as `Job`s; main.ts starts the queue with them.
 */
export {
  deadRunRetriedWithin,
  errorSummary,
  type Job,
  type JobLog,
  type JobQueue,
  QUEUE_TIMING,
  startJobQueue,
} from './queue';
