import { z } from 'zod';
import { PLANTS, VALVE_ID_PATTERN, VALVE_PAGE, VALVE_STATUSES, VALVE_TYPES } from '../constants';
import { isoDate, isoDateTime, listLimit, recordId } from './params';
import { valveIdentity, workOrderSummary } from './work-orders';

export const valveSummary = valveIdentity.extend({
  manufacturer: z.string(),
  model: z.string(),
  status: z.string(),
  lastMaintenance: isoDate.nullable(),
  nextMaintenance: isoDate.nullable(),
});
export type ValveSummary = z.infer<typeof valveSummary>;

/** The long texts of a valve's documentation (spec §3), shown on the detail screen and in the manual dialog. */
export const valveDocumentation = z.object({
  specifications: z.string().nullable(),
  operatingManual: z.string().nullable(),
  installationGuide: z.string().nullable(),
  maintenanceProcedure: z.string().nullable(),
  troubleshootingGuide: z.string().nullable(),
  safetyProtocol: z.string().nullable(),
  partsList: z.string().nullable(),
  nozzleConfiguration: z.string().nullable(),
  torqueSpecifications: z.string().nullable(),
  nationalBoardInfo: z.string().nullable(),
  asmeCodeInfo: z.string().nullable(),
  certificationData: z.string().nullable(),
});

export const valveDetail = valveSummary.extend({
  ...valveDocumentation.shape,
  maintenanceIntervalDays: z.number(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  version: z.number(),
  workOrders: z.array(workOrderSummary),
});
export type ValveDetail = z.infer<typeof valveDetail>;

export const valveListQuery = z.object({
  plant: z.enum(PLANTS, { error: `must be one of: ${PLANTS.join(', ')}` }).optional(),
  type: z.enum(VALVE_TYPES, { error: `must be one of: ${VALVE_TYPES.join(', ')}` }).optional(),
  status: z.enum(VALVE_STATUSES, { error: `must be one of: ${VALVE_STATUSES.join(', ')}` }).optional(),
  q: z.string().trim().max(100, { error: 'must be at most 100 characters' }).optional(),
  limit: listLimit(VALVE_PAGE.maxLimit).optional(),
  cursor: recordId.optional(),
});
export type ValveListQuery = z.infer<typeof valveListQuery>;

/** With `limit`, the list comes as a page; `nextCursor` is null on the last page. */
export const valvePage = z.object({ items: z.array(valveSummary), nextCursor: z.number().nullable() });
export type ValvePage = z.infer<typeof valvePage>;

export const valveLookupParams = z.object({
  valveId: z.string().trim().toUpperCase().regex(VALVE_ID_PATTERN, { error: 'must look like V-001-BV' }),
});

/** Scanner lookup result (spec §3). */
export const valveLookup = z.object({
  id: z.number(),
  valveId: z.string(),
  type: z.string(),
  size: z.string(),
  plant: z.string(),
  location: z.string(),
});
export type ValveLookup = z.infer<typeof valveLookup>;
