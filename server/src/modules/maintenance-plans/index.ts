/** The maintenance plans domain's door: what the app and other domains may use of it (docs/decisions/008). */
export { generateDueWorkOrders, maintenancePlanJob } from './generate';
export { maintenancePlanRoutes } from './routes';
