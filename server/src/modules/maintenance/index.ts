/** The maintenance domain's door: what the app and other domains may use of it (docs/decisions/008). */
export { addMaintenanceRecord } from './commands';
export { flagOverdue, overdueJob } from './overdue';
export { maintenanceRecordRecords } from './record-kind';
export { maintenanceRoutes } from './routes';
