import { z } from 'zod';
import {
  MAINTENANCE_RECORD_TYPES,
  PLANTS,
  STORED_WORK_ORDER_STATUSES,
  VALVE_ID_PATTERN,
  VALVE_TYPES,
  WORK_ORDER_PRIORITIES,
} from '../constants';
import { recordId } from './params';

const text = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .max(max, { error: `must be at most ${max} characters` });
const required = (max: number) => text(max).min(1, { error: 'is required' });
/** Manual texts can be long, but not a database-filling blob. */
const longText = text(100_000).nullable().optional();
const version = z.number({ error: 'is required' }).int({ error: 'must be a whole number' }).positive();
const calendarDate = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });
/** A due date: a day (YYYY-MM-DD, meaning the end of that day UTC) or an instant with its offset. */
const dueDate = z.union([calendarDate, z.iso.datetime({ offset: true, error: 'must be a date or date-time' })], {
  error: 'must be a date (YYYY-MM-DD) or an ISO date-time',
});

export const valveFields = {
  type: z.enum(VALVE_TYPES, { error: `must be one of: ${VALVE_TYPES.join(', ')}` }),
  size: required(40),
  pressure: required(60),
  plant: z.enum(PLANTS, { error: `must be one of: ${PLANTS.join(', ')}` }),
  location: required(200),
  system: required(100),
  manufacturer: required(100),
  model: required(100),
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
  valveId: z
    .string({ error: 'is required' })
    .trim()
    .toUpperCase()
    .regex(VALVE_ID_PATTERN, { error: 'must look like V-001-BV: V, a number, two letters' }),
  ...valveFields,
  status: z.enum(['active', 'maintenance'], { error: 'must be active or maintenance' }).default('active'),
  maintenanceIntervalDays: valveFields.maintenanceIntervalDays.default(180),
  nextMaintenance: valveFields.nextMaintenance.optional(),
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

export const workOrderCreateBody = z.object({
  valveId: recordId,
  title: required(200),
  description: text(5000).default(''),
  priority: z.enum(WORK_ORDER_PRIORITIES, { error: 'must be high, medium or low' }).default('medium'),
  dueDate: dueDate.nullable().optional(),
  assignedToUserId: recordId.nullable().optional(),
});
export type WorkOrderCreateBody = z.infer<typeof workOrderCreateBody>;

export const workOrderUpdateBody = z.object({
  version,
  title: required(200).optional(),
  description: text(5000).optional(),
  priority: z.enum(WORK_ORDER_PRIORITIES, { error: 'must be high, medium or low' }).optional(),
  dueDate: dueDate.nullable().optional(),
  assignedToUserId: recordId.nullable().optional(),
});
export type WorkOrderUpdateBody = z.infer<typeof workOrderUpdateBody>;

/** Completing asks what was found and done: it becomes the valve's maintenance record. */
export const statusChangeBody = z
  .object({
    version,
    status: z.enum(STORED_WORK_ORDER_STATUSES, { error: 'must be pending, in_progress or completed' }),
    findings: text(5000).optional(),
    actionsPerformed: text(5000).optional(),
    maintenanceType: z
      .enum(
        MAINTENANCE_RECORD_TYPES.filter((t) => t !== 'note') as [
          'inspection',
          'preventive',
          'corrective',
          'calibration',
        ],
        {
          error: 'must be inspection, preventive, corrective or calibration',
        },
      )
      .default('corrective'),
  })
  .superRefine((body, ctx) => {
    if (body.status !== 'completed') return;
    if (!body.findings)
      ctx.addIssue({ code: 'custom', path: ['findings'], message: 'is required to complete a work order' });
    if (!body.actionsPerformed) {
      ctx.addIssue({ code: 'custom', path: ['actionsPerformed'], message: 'is required to complete a work order' });
    }
  });
export type StatusChangeBody = z.infer<typeof statusChangeBody>;

export const noteBody = z.object({ text: required(5000) });

export const maintenanceRecordCreateBody = z.object({
  valveId: recordId,
  type: z.enum(MAINTENANCE_RECORD_TYPES, { error: `must be one of: ${MAINTENANCE_RECORD_TYPES.join(', ')}` }),
  description: required(2000),
  findings: text(5000).nullable().optional(),
  actionsPerformed: text(5000).nullable().optional(),
});

/** The text fields that come with an uploaded photo (multipart form fields). */
export const photoUploadFields = z
  .object({
    valveId: recordId.optional(),
    workOrderId: recordId.optional(),
    description: text(500).optional(),
  })
  .refine((q) => (q.valveId === undefined) !== (q.workOrderId === undefined), {
    error: 'give exactly one of valveId or workOrderId',
  });
