/** The maintenance plans domain's door: what the app and other domains may use of it (docs/decisions/008). */
export { generateDueWorkOrders, maintenancePlanJob } from './generate';
export { planImport } from './import';
export { type PlanMonthFigures, planOccurrencesInMonth } from './month-figures';
export { maintenancePlanRecords } from './record-kind';
export { calendarOccurrences } from './recurrence';
export { replanValve } from './replan-valve';
export { maintenancePlanRoutes } from './routes';
