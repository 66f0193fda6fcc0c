import { z } from 'zod';
import { VALVE_CRITICALITIES, VALVE_PAGE, VALVE_STATUSES, VALVE_TAG_MESSAGE, VALVE_TAG_PATTERN } from '../constants';
import { calendarDate, longText, required, text, version } from './fields';
import { isoDate, isoDateTime, listLimit, recordId } from './params';
import { areaName, systemName } from './plant-tree';
import { plantName, valveTypeName } from './plants';
import { valveIdentity } from './valve-identity';
import { workOrderSummary } from './work-orders';

/**
 * A valve's tag as the plant writes it, in capitals as ISA 5.1 tags are written (issue 30): no other reformatting,
 * and unique in the organization regardless of case.
 */
export const valveTag = z
  .string({ error: 'is required' })
  .trim()
  .toUpperCase()
  .regex(VALVE_TAG_PATTERN, { error: VALVE_TAG_MESSAGE });

export const valveCriticality = z.enum(VALVE_CRITICALITIES, { error: 'must be A, B or C' });

export const valveSummary = valveIdentity.extend({
  /** The plant's record id (`GET /api/plants`); `plant` is its name. */
  plantId: z.number(),
  /** The nominal size as DN (ISO 6708) and as NPS in inches; null when the size text names neither. */
  sizeDn: z.number().nullable(),
  sizeNps: z.number().nullable(),
  /** The ASME class the pressure text names, and its PN (as written, or EN 1759-1's pair of the class). */
  pressureClass: z.number().nullable(),
  pressurePn: z.number().nullable(),
  manufacturer: z.string(),
  model: z.string(),
  status: z.string(),
  /** A, B or C (issue 35): with an anomaly's severity it sets the priority of the valve's alarms. */
  criticality: z.enum(VALVE_CRITICALITIES),
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
  bodyMaterial: z.string().nullable(),
  trimMaterial: z.string().nullable(),
  endConnection: z.string().nullable(),
  ...valveDocumentation.shape,
  maintenanceIntervalDays: z.number(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  version: z.number(),
  workOrders: z.array(workOrderSummary),
});
export type ValveDetail = z.infer<typeof valveDetail>;

export const valveListQuery = z.object({
  plant: plantName.optional(),
  area: areaName.optional(),
  system: systemName.optional(),
  type: valveTypeName.optional(),
  status: z.enum(VALVE_STATUSES, { error: `must be one of: ${VALVE_STATUSES.join(', ')}` }).optional(),
  q: z.string().trim().max(100, { error: 'must be at most 100 characters' }).optional(),
  /** At least this nominal size: "4 in", "4\"", "NPS 4", "DN100" (the same reading as a valve's size). */
  minSize: z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .max(20, { error: 'must be at most 20 characters' })
    .optional(),
  /** At least this rating: "Class 600", "600#", "PN40"; a class also finds PN valves of its EN 1759-1 pair. */
  minRating: z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .max(40, { error: 'must be at most 40 characters' })
    .optional(),
  limit: listLimit(VALVE_PAGE.maxLimit).optional(),
  cursor: recordId.optional(),
});
export type ValveListQuery = z.infer<typeof valveListQuery>;

/** With `limit`, the list comes as a page; `nextCursor` is null on the last page. */
export const valvePage = z.object({ items: z.array(valveSummary), nextCursor: z.number().nullable() });
export type ValvePage = z.infer<typeof valvePage>;

export const valveLookupParams = z.object({
  valveId: valveTag,
});

/** Scanner lookup result (spec §3). */
export const valveLookup = z.object({
  id: z.number(),
  valveId: z.string(),
  type: z.string(),
  size: z.string(),
  plant: z.string(),
  plantId: z.number(),
  location: z.string(),
});
export type ValveLookup = z.infer<typeof valveLookup>;

export const valveFields = {
  type: valveTypeName,
  size: required(40),
  pressure: required(60),
  plant: plantName,
  /** The unit or area; left out, it is the location's text before its first comma (areaOfLocation). */
  area: areaName,
  location: required(200),
  system: systemName,
  manufacturer: required(100),
  model: required(100),
  /** Body and trim material (ASTM A216 WCB, A351 CF8M, 316 SS...) and end connection (flanged RF, butt weld...). */
  bodyMaterial: text(100).nullable().optional(),
  trimMaterial: text(100).nullable().optional(),
  endConnection: text(100).nullable().optional(),
  criticality: valveCriticality,
  maintenanceIntervalDays: z
    .number({ error: 'must be a number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(1, { error: 'must be at least 1 day' })
    .max(3650, { error: 'must be at most 3650 days' }),
  nextMaintenance: calendarDate.nullable(),
  specifications: longText,
  operatingManual: longText,
  installationGuide: longText,
  maintenanceProcedure: longText,
  troubleshootingGuide: longText,
  safetyProtocol: longText,
  partsList: longText,
  nozzleConfiguration: longText,
  torqueSpecifications: longText,
  nationalBoardInfo: longText,
  asmeCodeInfo: longText,
  certificationData: longText,
};

export const valveCreateBody = z.object({
  valveId: valveTag,
  ...valveFields,
  status: z.enum(['active', 'maintenance'], { error: 'must be active or maintenance' }).default('active'),
  maintenanceIntervalDays: valveFields.maintenanceIntervalDays.default(180),
  criticality: valveFields.criticality.default('B'),
  nextMaintenance: valveFields.nextMaintenance.optional(),
  area: valveFields.area.optional(),
});
export type ValveCreateBody = z.infer<typeof valveCreateBody>;

/** Any of the valve's fields; decommissioning has its own action, so it is not a status here. */
export const valveUpdateBody = z
  .object({
    ...valveFields,
    status: z.enum(['active', 'maintenance', 'overdue'], {
      error: 'must be active, maintenance or overdue (decommission has its own action)',
    }),
  })
  .partial()
  .extend({ version });
export type ValveUpdateBody = z.infer<typeof valveUpdateBody>;

export const decommissionBody = z.object({ version, reason: required(500) });
