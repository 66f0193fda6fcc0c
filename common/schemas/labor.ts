import { z } from 'zod';
import { MAX_ID, USER_ROLES } from '../constants';
import { calendarDate, instant, isFuture, pastInstant, required, text } from './fields';
import { isoDate, isoDateTime } from './params';
import { money } from './parts';

/*
 * Hours on a work order, the rates they are costed at, and contractors' invoices (issue 33,
 * docs/decisions/111-labor-and-costs.md). PUBLIC CONTRACT: POST /api/work-orders/:id/labor { userId?, minutes |
 * startedAt+endedAt, note? }; the rest is ours to name.
 */

/** One entry is one stretch of work; a day's shift is the longest a person logs at once. */
export const MAX_ENTRY_MINUTES = 24 * 60;

const personId = z
  .number({ error: 'must be a user id' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be a user id' })
  .max(MAX_ID, { error: 'is too large' });

/**
 * Time worked, as minutes or as the clock times it began and ended (not both). The work is not in the future: a
 * minute of leeway for the phone's clock.
 */
export const laborEntryBody = z
  .object({
    /** Whose hours: yourself when left out; a supervisor logs a crew's. */
    userId: personId.optional(),
    minutes: z
      .number({ error: 'must be a number of minutes' })
      .int({ error: 'must be whole minutes' })
      .positive({ error: 'must be more than 0' })
      .max(MAX_ENTRY_MINUTES, { error: `must be at most ${MAX_ENTRY_MINUTES} (24 hours)` })
      .optional(),
    startedAt: instant.optional(),
    endedAt: instant.optional(),
    /** The day the minutes were worked, when given as minutes (today when left out). */
    workedOn: calendarDate.optional(),
    note: text(500).nullish(),
  })
  .superRefine((body, ctx) => {
    const span = body.startedAt !== undefined || body.endedAt !== undefined;
    if (body.minutes === undefined && !span) {
      ctx.addIssue({ code: 'custom', path: ['minutes'], message: 'is required (or startedAt and endedAt)' });
      return;
    }
    if (body.minutes !== undefined && span) {
      ctx.addIssue({ code: 'custom', path: ['minutes'], message: 'give minutes or startedAt and endedAt, not both' });
      return;
    }
    if (!span) return;
    if (!body.startedAt) ctx.addIssue({ code: 'custom', path: ['startedAt'], message: 'is required with endedAt' });
    if (!body.endedAt) ctx.addIssue({ code: 'custom', path: ['endedAt'], message: 'is required with startedAt' });
    if (!body.startedAt || !body.endedAt) return;
    const minutes = (Date.parse(body.endedAt) - Date.parse(body.startedAt)) / 60_000;
    if (minutes <= 0) ctx.addIssue({ code: 'custom', path: ['endedAt'], message: 'must be after startedAt' });
    else if (minutes > MAX_ENTRY_MINUTES) {
      ctx.addIssue({ code: 'custom', path: ['endedAt'], message: 'must be at most 24 hours after startedAt' });
    }
    if (isFuture(body.endedAt)) {
      ctx.addIssue({ code: 'custom', path: ['endedAt'], message: 'must not be in the future' });
    }
  });
export type LaborEntryBody = z.input<typeof laborEntryBody>;

/**
 * Starting or stopping a person's running timer on a work order (their own unless a supervisor names them). `at` is
 * when the button was pressed, by the device's clock: a press with no signal reaches the server when the queue
 * replays, and the hours are those worked, not those of the replay. Not in the future (a minute of leeway).
 */
export const laborTimerBody = z.object({
  userId: personId.optional(),
  note: text(500).nullish(),
  at: pastInstant.optional(),
});
export type LaborTimerBody = z.input<typeof laborTimerBody>;

export const laborEntry = z.object({
  id: z.number(),
  workOrderId: z.number(),
  userId: z.number(),
  user: z.string(),
  /** Whole minutes worked; while the timer runs, the minutes so far. */
  minutes: z.number(),
  startedAt: isoDateTime.nullable(),
  endedAt: isoDateTime.nullable(),
  /** The day worked: its rate is the one in force that day. */
  workedOn: isoDate,
  /** A timer still running: stopped with POST .../labor/timer/stop. */
  running: z.boolean(),
  hourlyRate: z.number(),
  cost: z.number(),
  currency: z.string(),
  note: z.string().nullable(),
  loggedBy: z.string(),
  createdAt: isoDateTime,
});
export type LaborEntry = z.infer<typeof laborEntry>;

// ---- Rates: per person, else per role, each from a day on (a raise is a new rate, the old one stays for the past) ----

export const laborRateBody = z
  .object({
    userId: personId.optional(),
    role: z.enum(USER_ROLES, { error: `must be one of: ${USER_ROLES.join(', ')}` }).optional(),
    hourlyRate: money,
    effectiveFrom: calendarDate,
  })
  .refine((body) => (body.userId === undefined) !== (body.role === undefined), {
    path: ['userId'],
    error: 'give a userId or a role, one of them',
  });
export type LaborRateBody = z.input<typeof laborRateBody>;

export const laborRate = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  user: z.string().nullable(),
  role: z.enum(USER_ROLES).nullable(),
  hourlyRate: z.number(),
  currency: z.string(),
  effectiveFrom: isoDate,
  createdAt: isoDateTime,
});
export type LaborRate = z.infer<typeof laborRate>;

// ---- Contractors: a line with the supplier and their invoice ----

export const contractorCostBody = z.object({
  supplier: required(200),
  invoiceNumber: required(100),
  amount: money,
  note: text(500).nullish(),
});
export type ContractorCostBody = z.input<typeof contractorCostBody>;

export const contractorCost = z.object({
  id: z.number(),
  workOrderId: z.number(),
  supplier: z.string(),
  invoiceNumber: z.string(),
  amount: z.number(),
  currency: z.string(),
  note: z.string().nullable(),
  loggedBy: z.string(),
  createdAt: isoDateTime,
});
export type ContractorCost = z.infer<typeof contractorCost>;
