import { z } from 'zod';
import { STORED_WORK_ORDER_STATUSES, WORK_ORDER_PRIORITIES } from '../constants';
import { calendarDate, text } from './fields';
import { plantName } from './plants';
import { badActorFilters } from './reliability';
import { valveListQuery } from './valves';

/** What can be exported (GET /api/exports/:kind, decisions/107): one list each. */
export const EXPORT_KINDS = [
  'valves',
  'work-orders',
  'relief-tests',
  'readings',
  'audit',
  'parts-reorder',
  'bad-actors',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportFormat = z
  .enum(EXPORT_FORMATS, { error: `must be one of: ${EXPORT_FORMATS.join(', ')}` })
  .default('csv');

/**
 * A bound of a time filter: a day (YYYY-MM-DD, UTC; `to` then includes the whole day) or an instant with its offset.
 * Answered as the instant it means, so the readers compare timestamps only.
 */
const bound = (end: 'from' | 'to') =>
  z
    .union([calendarDate, z.iso.datetime({ offset: true })], {
      error: 'must be a date (YYYY-MM-DD) or an ISO date-time',
    })
    .transform((value) => {
      if (value.length > 10) return new Date(value);
      const day = new Date(`${value}T00:00:00Z`);
      return end === 'from' ? day : new Date(day.getTime() + 86_400_000 - 1);
    });

/** `from` and `to` on the kind's own time (created, tested, read, changed); `from` not after `to`. */
const period = z.object({ from: bound('from').optional(), to: bound('to').optional() });
const inOrder = <T extends { from?: Date; to?: Date }>(query: T) => !query.from || !query.to || query.from <= query.to;
const periodIssue = { error: 'must not be after to', path: ['from'] };

/** The valve list's own filters (GET /api/valves), without its paging. */
export const valveExportQuery = valveListQuery.omit({ limit: true, cursor: true });

export const workOrderExportQuery = period
  .extend({
    plant: plantName.optional(),
    status: z
      .enum(STORED_WORK_ORDER_STATUSES, { error: `must be one of: ${STORED_WORK_ORDER_STATUSES.join(', ')}` })
      .optional(),
    priority: z.enum(WORK_ORDER_PRIORITIES, { error: 'must be high, medium or low' }).optional(),
  })
  .refine(inOrder, periodIssue);

export const reliefTestExportQuery = period
  .extend({
    plant: plantName.optional(),
    status: z.enum(['draft', 'submitted'], { error: 'must be draft or submitted' }).optional(),
  })
  .refine(inOrder, periodIssue);

export const readingExportQuery = period
  .extend({
    /** The valve's tag (V-001-BV). */
    valve: text(40).min(1, { error: 'is required' }).optional(),
    sensor: text(80).min(1, { error: 'is required' }).optional(),
    plant: plantName.optional(),
  })
  .refine(inOrder, periodIssue);

export const auditExportQuery = period
  .extend({ action: z.enum(['insert', 'update', 'delete'], { error: 'must be insert, update or delete' }).optional() })
  .refine(inOrder, periodIssue);

/** The reorder list (issue 33): parts whose available stock is under their minimum, optionally of one plant's stores. */
export const partsReorderExportQuery = z.object({ plant: plantName.optional() });

/** Each kind's filters, as its list takes them. */
export const EXPORT_QUERIES = {
  valves: valveExportQuery,
  'work-orders': workOrderExportQuery,
  'relief-tests': reliefTestExportQuery,
  readings: readingExportQuery,
  audit: auditExportQuery,
  'parts-reorder': partsReorderExportQuery,
  /** The bad actors (issue 34): every valve that failed in the period, worst first, or the first `limit`. */
  'bad-actors': badActorFilters,
} as const satisfies Record<ExportKind, z.ZodType>;

export type ExportQuery<K extends ExportKind> = z.output<(typeof EXPORT_QUERIES)[K]>;
