import { z } from 'zod';
import { HISTORY_PATHS, listInWords } from '../record-kinds';
import { isoDateTime, recordId } from './params';

/** `/api/history/:entity/:id`: the record kinds with a History tab, by their URL name (common/record-kinds.ts). */
export const historyParams = z.object({
  entity: z.enum(HISTORY_PATHS, { error: `must be ${listInWords(HISTORY_PATHS)}` }),
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
