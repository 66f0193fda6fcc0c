/** The audit trail's door: the History tab's reads (docs/decisions/061). The trail itself is written by triggers. */
export { auditRoutes } from './routes';
