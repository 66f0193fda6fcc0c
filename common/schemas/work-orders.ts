import { z } from 'zod';
import { WORK_ORDER_LIST } from '../constants';
import { maintenanceRecord } from './maintenance-records';
import { isoDateTime, listLimit } from './params';
import { userRef } from './users';

/** What identifies a valve on the plant floor: the part of it every work order carries. */
export const valveIdentity = z.object({
  id: z.number(),
  valveId: z.string(),
  type: z.string(),
  size: z.string(),
  pressure: z.string(),
  plant: z.string(),
  location: z.string(),
  system: z.string(),
});
export type ValveIdentity = z.infer<typeof valveIdentity>;

export const workOrderSummary = z.object({
  id: z.number(),
  workOrderId: z.string(),
  title: z.string(),
  description: z.string(),
  /** The stored workflow state: pending, in_progress or completed. */
  status: z.string(),
  priority: z.string(),
  /** Derived: not completed and past its due date. */
  overdue: z.boolean(),
  dueDate: isoDateTime.nullable(),
  completedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  version: z.number(),
  valve: valveIdentity,
  assignedToUser: userRef.nullable(),
  createdByUser: userRef.nullable(),
});
export type WorkOrderSummary = z.infer<typeof workOrderSummary>;

/** With `limit`, only the newest that many (the dashboard shows two). */
export const workOrderListQuery = z.object({ limit: listLimit(WORK_ORDER_LIST.maxLimit).optional() });
export type WorkOrderListQuery = z.infer<typeof workOrderListQuery>;

export const workOrderDetail = workOrderSummary.extend({ maintenanceRecords: z.array(maintenanceRecord) });
export type WorkOrderDetail = z.infer<typeof workOrderDetail>;
