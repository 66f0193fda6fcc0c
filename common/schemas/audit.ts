import { z } from 'zod';
import { HISTORY_PATHS, listInWords } from '../record-kinds';
import { isoDateTime, recordId } from './params';

/** `/api/history/:entity/:id`: the record kinds with a History tab, by their URL name (common/record-kinds.ts). */
export const historyParams = z.object({
  entity: z.enum(HISTORY_PATHS, { error: `must be ${listInWords(HISTORY_PATHS)}` }),
  id: recordId,
});
/** Entries a page of the History tab shows at a time. */
export const HISTORY_PAGE_SIZE = 50;

/**
 * JSON pages of a history: every entry oldest first unless asked otherwise; the History tab reads it newest first,
 * 50 at a time, each page `before` the last entry it shows. The CSV is always the whole history.
 */
export const historyQuery = z.object({
  /** csv: in words, for an auditor; raw: the audit log's rows as stored (admins). */
  format: z.enum(['json', 'csv', 'raw'], { error: 'must be json, csv or raw' }).default('json'),
  order: z.enum(['oldest', 'newest'], { error: 'must be oldest or newest' }).default('oldest'),
  before: recordId.optional(),
  limit: z.coerce
    .number({ error: 'must be a whole number from 1 to 500' })
    .int({ error: 'must be a whole number from 1 to 500' })
    .min(1, { error: 'must be a whole number from 1 to 500' })
    .max(500, { error: 'must be a whole number from 1 to 500' })
    .optional(),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

/**
 * One change: when, who (and from which device), what table and row, and each field from what to what; beside the
 * raw values, the same in words for a reader (issue 29): the plant's time, the person's name, the record's name,
 * field labels and values as people say them, the device as browser and system.
 */
export const historyEntry = z.object({
  id: z.number(),
  changedAt: isoDateTime,
  userName: z.string().nullable(),
  device: z.string().nullable(),
  table: z.string(),
  rowId: z.string(),
  action: z.enum(['insert', 'update', 'delete']),
  changes: z.array(
    z.object({
      field: z.string(),
      from: z.unknown(),
      to: z.unknown(),
      /** "Assigned to" */
      label: z.string(),
      /** "(none)", "Maria Santos", "2026-11-27 09:50 CST" */
      fromText: z.string(),
      toText: z.string(),
    }),
  ),
  /** "2026-11-27 09:50 CST": on the clock of the record's plant (UTC for records of no one plant). */
  when: z.string(),
  /** The person, or "System" for the server's own work. */
  who: z.string(),
  /** "Chrome 131 on Android 14 (phone)" */
  deviceName: z.string().nullable(),
  /** "Work order", "Document “Fisher 8580 manual.pdf”" */
  record: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** `?month=2026-11`: the calendar month (UTC) of the monthly plant report. */
/** Without `month`, the month under way (UTC, like the report's figures). */
export const monthlyReportQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'must be a month (YYYY-MM)' })
    .optional(),
});

/** GET /api/audit/verify: whether the organization's audit chain is whole, and where it first breaks. */
export const auditVerification = z.object({
  intact: z.boolean(),
  /** Entries sealed and checked, in order. */
  sealed: z.number().int(),
  /** Entries written since the last sealing run (sealed within a minute). */
  unsealed: z.number().int(),
  /** The hash of the last seal checked: write it down, and a later check that ends elsewhere shows a rewrite. */
  head: z.string().nullable(),
  brokenAt: z
    .object({
      seq: z.number().int(),
      auditId: z.number().int().nullable(),
      problem: z.enum(['seal missing', 'entry deleted', 'entry changed']),
    })
    .nullable(),
});
export type AuditVerification = z.infer<typeof auditVerification>;
