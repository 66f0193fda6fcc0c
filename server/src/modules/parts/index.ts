/** The parts domain's door: stores, the parts catalog and its ledger, a work order's parts (issue 33). */
export { partCostLines } from './cost-lines';
export { partsReorderExport } from './export-source';
export { partRecords } from './record-kind';
export { partRoutes } from './routes';
export { currencyOf } from './service';
export { listWorkOrderParts, partLinesOfWorkOrders, releaseWorkOrderReservations } from './work-order-lines';
export { workOrderPartRoutes } from './work-order-routes';
