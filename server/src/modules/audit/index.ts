/** The audit trail's door: the History tab's reads (docs/decisions/061). The trail itself is written by triggers. */

export { sealAuditTrail, verifyAuditChain } from './chain';
export { auditExport } from './export-source';
export { auditSealJob, auditVerifyJob, verifyEveryChain } from './jobs';
export { auditRoutes } from './routes';
