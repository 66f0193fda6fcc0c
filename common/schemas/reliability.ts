import { z } from 'zod';
import { FAILURE_CODE_KINDS } from '../failure-codes';
import { calendarDate, pastInstant, required, text } from './fields';
import { isoDate, isoDateTime, listLimit } from './params';
import { userRef } from './users';
import { valveIdentity } from './valve-identity';

/*
 * Failures, downtime and bad actors (issue 34, docs/decisions/112-failures-and-downtime.md, formulas in
 * docs/analytics.md). PUBLIC CONTRACT: GET /api/failure-codes; completing a corrective work order takes
 * `failure: { mode, mechanism, cause, remedy, detectedBy, failedAt }`; `downtime: { startedAt, endedAt, reason }`
 * on any work order, several periods allowed; GET /api/reliability/valves?from&to&plant&type&manufacturer and
 * GET /api/reliability/bad-actors?from&to&limit, per valve { valveId, failures, mtbfHours, mttrHours,
 * downtimeHours, cost, lastFailureAt, topMode }. The rest is ours to name.
 */

/** A code as the standard and the organizations write them: letters, digits, dots and dashes. */
const codeText = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a code') })
  .trim()
  .min(1, { error: 'is required' })
  .max(12, { error: 'must be at most 12 characters' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9.\-_]*$/, { error: 'must be letters, digits, dots or dashes' });

export const failureCodeKind = z.enum(FAILURE_CODE_KINDS, {
  error: `must be one of: ${FAILURE_CODE_KINDS.join(', ')}`,
});

export const failureCode = z.object({
  code: z.string(),
  label: z.string(),
  description: z.string(),
  /** ISO 14224's (never removed) or the organization's own. */
  standard: z.boolean(),
});
export type FailureCode = z.infer<typeof failureCode>;

/** GET /api/failure-codes: each table, the standard codes first, then the organization's own. */
export const failureCodeTables = z.object({
  modes: z.array(failureCode),
  mechanisms: z.array(failureCode),
  causes: z.array(failureCode),
  remedies: z.array(failureCode),
  detectionMethods: z.array(failureCode),
});
export type FailureCodeTables = z.infer<typeof failureCodeTables>;

/** An organization's own code beside the standard ones (a plant's "seat erosion by catalyst fines"). */
export const failureCodeBody = z.object({
  kind: failureCodeKind,
  code: codeText,
  label: required(120),
  description: text(500).default(''),
});
export type FailureCodeBody = z.input<typeof failureCodeBody>;

/**
 * What failed and how, given when a corrective work order is completed (or corrected later). The mode is required;
 * the rest is recorded when known. `failedAt` is when the failure happened or was found: the order's raising
 * when left out.
 */
export const failureInput = z.object({
  mode: codeText,
  mechanism: codeText.nullish(),
  cause: codeText.nullish(),
  remedy: codeText.nullish(),
  detectedBy: codeText.nullish(),
  failedAt: pastInstant.nullish(),
});
export type FailureInput = z.input<typeof failureInput>;

/** A failure as recorded on its work order, each code with its label. */
export const failureReport = z.object({
  workOrderId: z.number(),
  valveId: z.number(),
  mode: z.string(),
  mechanism: z.string().nullable(),
  cause: z.string().nullable(),
  remedy: z.string().nullable(),
  detectedBy: z.string().nullable(),
  failedAt: isoDateTime,
  labels: z.object({
    mode: z.string(),
    mechanism: z.string().nullable(),
    cause: z.string().nullable(),
    remedy: z.string().nullable(),
    detectedBy: z.string().nullable(),
  }),
  recordedBy: userRef.nullable(),
  updatedAt: isoDateTime,
});
export type FailureReport = z.infer<typeof failureReport>;

/** The longest one downtime period may be: a valve out for more than a year is a decommissioning, not downtime. */
export const MAX_DOWNTIME_DAYS = 366;

/** A period the valve was out of service for the work: it ended (an open outage is recorded when it ends). */
export const downtimeInput = z
  .object({ startedAt: pastInstant, endedAt: pastInstant, reason: required(500) })
  .superRefine((period, ctx) => {
    const hours = (Date.parse(period.endedAt) - Date.parse(period.startedAt)) / 3_600_000;
    if (!(hours > 0)) ctx.addIssue({ code: 'custom', path: ['endedAt'], message: 'must be after startedAt' });
    else if (hours > MAX_DOWNTIME_DAYS * 24) {
      ctx.addIssue({
        code: 'custom',
        path: ['endedAt'],
        message: `must be within ${MAX_DOWNTIME_DAYS} days of startedAt`,
      });
    }
  });
export type DowntimeInput = z.input<typeof downtimeInput>;

export const downtimePeriod = z.object({
  id: z.number(),
  workOrderId: z.number(),
  valveId: z.number(),
  startedAt: isoDateTime,
  endedAt: isoDateTime,
  hours: z.number(),
  reason: z.string(),
  recordedBy: userRef.nullable(),
  createdAt: isoDateTime,
});
export type DowntimePeriod = z.infer<typeof downtimePeriod>;

/** One period or several, as a completion may carry them. */
export const downtimeList = z.union([downtimeInput, z.array(downtimeInput).max(50, { error: 'must be at most 50' })]);

/** Correcting a completed order's failure report later (a reliability engineer's recoding). */
export const failureBody = failureInput;

/** The period, days inclusive (UTC) and never past now; the last twelve months up to today when left out. */
const period = {
  from: calendarDate.optional(),
  to: calendarDate.optional(),
};
const inOrder = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;
const filters = {
  plant: text(200).optional(),
  type: text(200).optional(),
  manufacturer: text(200).optional(),
  model: text(200).optional(),
};

export const reliabilityQuery = z
  .object({ ...period, ...filters })
  .refine(inOrder, { path: ['to'], error: 'must not be before from' });
export type ReliabilityQuery = z.input<typeof reliabilityQuery>;

export const BAD_ACTOR_LIMIT = { default: 10, max: 100 } as const;
export const badActorQuery = z
  .object({ ...period, ...filters, limit: listLimit(BAD_ACTOR_LIMIT.max).default(BAD_ACTOR_LIMIT.default) })
  .refine(inOrder, { path: ['to'], error: 'must not be before from' });
/** The same filters for the download, which has every bad actor unless a limit is given. */
export const badActorFilters = z
  .object({ ...period, ...filters, limit: listLimit(BAD_ACTOR_LIMIT.max).optional() })
  .refine(inOrder, { path: ['to'], error: 'must not be before from' });
export type BadActorQuery = z.infer<typeof badActorQuery>;

/** One valve's reliability in the period. Hours are hours; figures of a valve with no failure are null. */
export const valveReliability = z.object({
  /** The valve's record id (GET /api/valves/:id); its tag is `valve.valveId`. */
  valveId: z.number(),
  valve: valveIdentity.extend({ manufacturer: z.string(), model: z.string() }),
  failures: z.number(),
  /** In service in the period (from the valve's adding when later) less its downtime. */
  operatingHours: z.number(),
  /** Operating hours over failures; null with no failure in the period. */
  mtbfHours: z.number().nullable(),
  /** Mean of each failure's time to return to service; null with no failure in the period. */
  mttrHours: z.number().nullable(),
  downtimeHours: z.number(),
  /** What the failures' work orders cost, in `currency`. */
  cost: z.number(),
  currency: z.string(),
  lastFailureAt: isoDateTime.nullable(),
  /** The most frequent failure mode's code (the latest of equals), with its label. */
  topMode: z.string().nullable(),
  topModeLabel: z.string().nullable(),
});
export type ValveReliability = z.infer<typeof valveReliability>;

export const RELIABILITY_GROUPS = ['plant', 'area', 'system', 'type', 'manufacturer', 'model'] as const;
export type ReliabilityGroup = (typeof RELIABILITY_GROUPS)[number];

export const reliabilityGroupQuery = z
  .object({
    ...period,
    ...filters,
    groupBy: z.enum(RELIABILITY_GROUPS, { error: `must be one of: ${RELIABILITY_GROUPS.join(', ')}` }).default('plant'),
  })
  .refine(inOrder, { path: ['to'], error: 'must not be before from' });
export type ReliabilityGroupQuery = z.input<typeof reliabilityGroupQuery>;

export const modeCount = z.object({ code: z.string(), label: z.string(), count: z.number() });
export type ModeCount = z.infer<typeof modeCount>;

/** A group of valves rolled up: MTBF over the group's operating hours, failures per valve-year to compare groups. */
export const reliabilityGroupRow = z.object({
  key: z.string(),
  valves: z.number(),
  failures: z.number(),
  operatingHours: z.number(),
  mtbfHours: z.number().nullable(),
  mttrHours: z.number().nullable(),
  downtimeHours: z.number(),
  /** Failures per valve-year of operation (8,766 hours). */
  failuresPerValveYear: z.number(),
  cost: z.number(),
  /** The failure modes seen in the group, most frequent first. */
  modes: z.array(modeCount),
});
export type ReliabilityGroupRow = z.infer<typeof reliabilityGroupRow>;

export const reliabilityGroups = z.object({
  from: isoDate,
  to: isoDate,
  groupBy: z.enum(RELIABILITY_GROUPS),
  currency: z.string(),
  /** Most failures first. */
  rows: z.array(reliabilityGroupRow),
});
export type ReliabilityGroups = z.infer<typeof reliabilityGroups>;

/** A valve's failures, newest first: what failed, when, how long to restore, what it cost. */
export const valveFailure = failureReport.extend({
  workOrder: z.object({ id: z.number(), workOrderId: z.string(), title: z.string() }),
  /** When the valve was back in service: the end of the order's last downtime, else its completion. */
  returnedAt: isoDateTime.nullable(),
  repairHours: z.number().nullable(),
  downtimeHours: z.number(),
  cost: z.number(),
});
export type ValveFailure = z.infer<typeof valveFailure>;
