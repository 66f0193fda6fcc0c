import { z } from 'zod';
import { MAINTENANCE_RECORD_TYPES } from '../constants';
import { required, text } from './fields';
import { isoDateTime, recordId } from './params';
import { userRef } from './users';

export const maintenanceRecord = z.object({
  id: z.number(),
  valveId: z.number(),
  workOrderId: z.number().nullable(),
  type: z.string(),
  description: z.string(),
  findings: z.string().nullable(),
  actionsPerformed: z.string().nullable(),
  /** Who recorded it (null for records older than the name, or a removed user). */
  performedByUser: userRef.nullable(),
  createdAt: isoDateTime,
});
export type MaintenanceRecord = z.infer<typeof maintenanceRecord>;

export const maintenanceRecordQuery = z.object({ valveId: recordId });

export const maintenanceRecordCreateBody = z.object({
  valveId: recordId,
  type: z.enum(MAINTENANCE_RECORD_TYPES, { error: `must be one of: ${MAINTENANCE_RECORD_TYPES.join(', ')}` }),
  description: required(2000),
  findings: text(5000).nullable().optional(),
  actionsPerformed: text(5000).nullable().optional(),
});
