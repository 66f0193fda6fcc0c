import { z } from 'zod';
import { isoDateTime, recordId } from './params';

/** Records with a History tab: the name in the URL, and the table the audit trigger writes under. */
export const HISTORY_ENTITIES = {
  valves: 'valves',
  'work-orders': 'work_orders',
  procedures: 'procedures',
  'maintenance-plans': 'maintenance_plans',
  'relief-tests': 'relief_tests',
} as const;

export const historyParams = z.object({
  entity: z.enum(Object.keys(HISTORY_ENTITIES) as [keyof typeof HISTORY_ENTITIES], {
    error: 'must be valves, work-orders, procedures, maintenance-plans or relief-tests',
  }),
  id: recordId,
});
export const historyQuery = z.object({
  format: z.enum(['json', 'csv'], { error: 'must be json or csv' }).default('json'),
});

/** One change: when, who (and from which device), what table and row, and each field from what to what. */
export const historyEntry = z.object({
  id: z.number(),
  changedAt: isoDateTime,
  userName: z.string().nullable(),
  device: z.string().nullable(),
  table: z.string(),
  rowId: z.string(),
  action: z.enum(['insert', 'update', 'delete']),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** `?month=2026-11`: the calendar month (UTC) of the monthly plant report. */
export const monthlyReportQuery = z.object({
  month: z
    .string({ error: 'is required (YYYY-MM)' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'must be a month (YYYY-MM)' }),
});
