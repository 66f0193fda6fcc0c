import { z } from 'zod';
import { isoDateTime, recordId } from './params';

export const maintenanceRecord = z.object({
  id: z.number(),
  valveId: z.number(),
  workOrderId: z.number().nullable(),
  type: z.string(),
  description: z.string(),
  findings: z.string().nullable(),
  actionsPerformed: z.string().nullable(),
  createdAt: isoDateTime,
});
export type MaintenanceRecord = z.infer<typeof maintenanceRecord>;

export const maintenanceRecordQuery = z.object({ valveId: recordId });
