import { z } from 'zod';
import { isoDateTime } from './params';

export const dashboardStats = z.object({
  activeWorkOrders: z.number(),
  overdueItems: z.number(),
  inspectionsToday: z.number(),
  /** Percent, 0-100, whole number. */
  completionRate: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStats>;

export const activity = z.object({
  id: z.number(),
  type: z.string(),
  description: z.string(),
  createdAt: isoDateTime,
  entityType: z.string(),
  entityId: z.number().nullable(),
});
export type Activity = z.infer<typeof activity>;
