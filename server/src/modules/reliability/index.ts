/** The reliability domain's door (issue 34): failure codes and reports, downtime, MTBF, MTTR and bad actors. */

export { downtimeOfWorkOrder } from './downtime';
export { badActorExport } from './export-source';
export { failureOfWorkOrder, recordFailure } from './failure-reports';
export { failureReportRecords } from './record-kind';
export { reliabilityRoutes } from './routes';
export { badActors, reliabilityGroups } from './service';
