/** The reliability domain's door (issue 34): failure codes and reports, downtime, MTBF, MTTR and bad actors. */

export { downtimeOfWorkOrder, downtimeOfWorkOrders } from './downtime';
export { badActorExport } from './export-source';
export { failureOfWorkOrder, failureReportsOf, recordFailure } from './failure-reports';
export { failureReportRecords } from './record-kind';
export { reliabilityRoutes } from './routes';
export { badActors, reliabilityGroups } from './service';
