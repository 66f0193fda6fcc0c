import { lazySchemas } from './contract-check';

/**
 * The common/ schema files the client's forms check with, each loaded (with zod) when a form that needs it
 * opens; see lazySchemas.
 */
export const contractSchemas = {
  auth: lazySchemas(() => import('@common/schemas/auth')),
  maintenanceRecords: lazySchemas(() => import('@common/schemas/maintenance-records')),
  reliefValves: lazySchemas(() => import('@common/schemas/relief-valves')),
  valves: lazySchemas(() => import('@common/schemas/valves')),
  workOrders: lazySchemas(() => import('@common/schemas/work-orders')),
};
