/** The work orders domain's door: what the app and other domains may use of it (docs/decisions/008). */

export { addToOpenWorkOrder, type RecordFailure, raiseWorkOrder } from './commands';
export { workOrderExport } from './export-source';
export { workNotices } from './notices';
export { type NewWorkOrder, raiseNumberedWorkOrder } from './numbering';
export { workOrderRecords } from './record-kind';
export { workOrderRoutes } from './routes';
export {
  assertWorkOrderExists,
  lockWorkOrderState,
  markWorkOrderChanged,
  type WorkOrderState,
  workOrderDetailsOf,
} from './service';
