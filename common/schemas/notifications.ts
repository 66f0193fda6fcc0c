import { z } from 'zod';
import { isoDateTime } from './params';

export const NOTIFICATION_KINDS = [
  'assignment',
  'due',
  'overdue',
  'anomaly',
  /** An unacknowledged alarm of high enough priority (issue 35; modules/alarms/notices.ts). */
  'alarm',
  'emergency',
  'all-clear',
  'audit',
  /** A part fell under its minimum (issue 33): whoever orders for the store is told. */
  'reorder',
] as const;

export const notification = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A screen of the app to open (/work-orders/12), or null. */
  link: z.string().nullable(),
  /** The work order it is about (issue 29), named as it was when told; its link opens it. */
  workOrder: z.object({ id: z.number().int(), number: z.string(), title: z.string() }).nullable(),
  read: z.boolean(),
  createdAt: isoDateTime,
});
export type Notification = z.infer<typeof notification>;

/** The bell's panel: the newest 30 and how many are unread in all. */
export const notificationList = z.object({ unread: z.number().int(), items: z.array(notification) });
export type NotificationList = z.infer<typeof notificationList>;

export const markReadResult = z.object({ unread: z.number().int() });
