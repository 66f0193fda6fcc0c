import { lazySchemas } from './contract-check';

/**
 * The common/ schema files the client's forms check with, each loaded (with zod) when a form that needs it
 * opens; see lazySchemas.
 */
export const contractSchemas = {
  alarms: lazySchemas(() => import('@common/schemas/alarms')),
  analytics: lazySchemas(() => import('@common/schemas/analytics')),
  apiTokens: lazySchemas(() => import('@common/schemas/api-tokens')),
  auth: lazySchemas(() => import('@common/schemas/auth')),
  documents: lazySchemas(() => import('@common/schemas/documents')),
  emergencies: lazySchemas(() => import('@common/schemas/emergencies')),
  labor: lazySchemas(() => import('@common/schemas/labor')),
  makers: lazySchemas(() => import('@common/schemas/makers')),
  maintenancePlans: lazySchemas(() => import('@common/schemas/maintenance-plans')),
  maintenanceRecords: lazySchemas(() => import('@common/schemas/maintenance-records')),
  photos: lazySchemas(() => import('@common/schemas/photos')),
  parts: lazySchemas(() => import('@common/schemas/parts')),
  plants: lazySchemas(() => import('@common/schemas/plants')),
  plantTree: lazySchemas(() => import('@common/schemas/plant-tree')),
  procedures: lazySchemas(() => import('@common/schemas/procedures')),
  reliability: lazySchemas(() => import('@common/schemas/reliability')),
  reliefValves: lazySchemas(() => import('@common/schemas/relief-valves')),
  requests: lazySchemas(() => import('@common/schemas/requests')),
  signatures: lazySchemas(() => import('@common/schemas/signatures')),
  valves: lazySchemas(() => import('@common/schemas/valves')),
  webhooks: lazySchemas(() => import('@common/schemas/webhooks')),
  workOrders: lazySchemas(() => import('@common/schemas/work-orders')),
};
