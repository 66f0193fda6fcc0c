import { z } from 'zod';
import { VALVE_TAG_MESSAGE, VALVE_TAG_PATTERN, WORK_ORDER_PRIORITIES } from '../constants';
import { calendarDate, required, text, version } from './fields';
import { isoDateTime, recordId } from './params';
import { plantName, timeZone, valveTypeName } from './plants';

/* Preventive maintenance plans: which valves, what work, and what makes it due (docs/maintenance-plans.md). */

export const CALENDAR_UNITS = ['day', 'week', 'month', 'year'] as const;
export const PLAN_METERS = ['operating_hours', 'cycles'] as const;
export const PLAN_CONDITIONS = ['failure_probability', 'health_score', 'anomalies'] as const;

const whole = (min: number, max: number) =>
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: min === 1 ? 'must be at least 1' : `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });

/** Every N days/weeks/months/years, or an RFC 5545 rule (checked in full by the server); from a start date or
 * from the last completion. */
export const calendarTrigger = z
  .object({
    kind: z.literal('calendar'),
    every: z
      .object({ count: whole(1, 1000), unit: z.enum(CALENDAR_UNITS, { error: 'must be day, week, month or year' }) })
      .optional(),
    rrule: z
      .string()
      .trim()
      .max(500, { error: 'must be at most 500 characters' })
      .regex(/^(RRULE:)?FREQ=/i, { error: 'must be a recurrence rule starting FREQ= (e.g. FREQ=MONTHLY;INTERVAL=3)' })
      .optional(),
    startDate: calendarDate,
    countFrom: z.enum(['fixed', 'completion'], { error: 'must be fixed or completion' }).default('fixed'),
  })
  .refine((t) => (t.every === undefined) !== (t.rrule === undefined), {
    path: ['every'],
    error: 'give either an interval (every) or a recurrence rule (rrule), not both',
  });

/** Every N operating hours or cycles (the analytics' meters), raised `lead` before it is reached. */
export const meterTrigger = z
  .object({
    kind: z.literal('meter'),
    meter: z.enum(PLAN_METERS, { error: 'must be operating_hours or cycles' }),
    every: whole(1, 10_000_000),
    lead: whole(0, 10_000_000).default(0),
  })
  .refine((t) => t.lead < t.every, { path: ['lead'], error: 'must be less than the interval' });

/** When the analytics cross a threshold: failure probability above, health score below, anomalies at least. */
export const conditionTrigger = z
  .object({
    kind: z.literal('condition'),
    measure: z.enum(PLAN_CONDITIONS, { error: 'must be failure_probability, health_score or anomalies' }),
    threshold: z.number({ error: 'must be a number' }),
  })
  .refine(
    (t) =>
      t.measure === 'failure_probability'
        ? t.threshold > 0 && t.threshold < 1
        : t.measure === 'health_score'
          ? t.threshold > 0 && t.threshold <= 100
          : Number.isInteger(t.threshold) && t.threshold >= 1,
    {
      path: ['threshold'],
      error: 'must be between 0 and 1 for a probability, 1-100 for a health score, a whole number from 1 for anomalies',
    },
  );

export const planTrigger = z.discriminatedUnion('kind', [calendarTrigger, meterTrigger, conditionTrigger], {
  error: 'must be a calendar, meter or condition trigger',
});
export type PlanTrigger = z.infer<typeof planTrigger>;
export type CalendarTrigger = z.infer<typeof calendarTrigger>;
export type MeterTrigger = z.infer<typeof meterTrigger>;
export type ConditionTrigger = z.infer<typeof conditionTrigger>;

/** One valve (its record id), or a group: every valve matching the type, the plant and the tag list given. */
export const planTarget = z
  .object({
    valveId: recordId.optional(),
    valveType: valveTypeName.optional(),
    plant: plantName.optional(),
    valveTags: z
      .array(z.string().trim().regex(VALVE_TAG_PATTERN, { error: VALVE_TAG_MESSAGE }))
      .min(1, { error: 'must name at least one valve' })
      .max(500, { error: 'must name at most 500 valves' })
      .optional(),
  })
  .refine(
    (t) => (t.valveId === undefined ? t.valveType || t.plant || t.valveTags : !t.valveType && !t.plant && !t.valveTags),
    {
      error: 'name one valve (valveId), or a group by valve type, plant or tag list',
    },
  );
export type PlanTarget = z.infer<typeof planTarget>;

const priority = z.enum(WORK_ORDER_PRIORITIES, { error: 'must be high, medium or low' });
const flag = z.boolean({ error: 'must be true or false' });
/** Days before the due date that the work order is raised. */
const leadDays = whole(0, 365);

export const planCreateBody = z.object({
  title: required(200),
  description: text(5000).default(''),
  priority: priority.default('medium'),
  assignedToUserId: recordId.nullable().default(null),
  /** The procedure the raised work orders follow: its current version is attached to each as it is raised. */
  procedureId: recordId.nullable().default(null),
  target: planTarget,
  trigger: planTrigger,
  leadDays: leadDays.default(7),
  /** No new work order while one this plan raised on the valve is still open. */
  skipIfOpen: flag.default(true),
  /** Left out, the plan's days are its plant's (the target's plant, or the first valve's). */
  timeZone: timeZone.optional(),
  active: flag.default(true),
});
export type PlanCreateBody = z.infer<typeof planCreateBody>;

export const planUpdateBody = z.object({
  version,
  title: required(200).optional(),
  description: text(5000).optional(),
  priority: priority.optional(),
  assignedToUserId: recordId.nullable().optional(),
  procedureId: recordId.nullable().optional(),
  target: planTarget.optional(),
  trigger: planTrigger.optional(),
  leadDays: leadDays.optional(),
  skipIfOpen: flag.optional(),
  timeZone: timeZone.optional(),
  active: flag.optional(),
});
export type PlanUpdateBody = z.infer<typeof planUpdateBody>;

export const plan = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  priority: z.string(),
  assignedToUserId: z.number().nullable(),
  procedureId: z.number().nullable(),
  target: planTarget,
  trigger: planTrigger,
  leadDays: z.number(),
  skipIfOpen: z.boolean(),
  timeZone: z.string(),
  active: z.boolean(),
  /** How many valves the plan covers now. */
  valveCount: z.number(),
  /** The earliest coming due date among its valves (calendar and meter plans); null when none is known. */
  nextDue: isoDateTime.nullable(),
  /** The same as the plant's day (YYYY-MM-DD, in the plan's time zone): what a screen shows, in any viewer's zone. */
  nextDueDay: calendarDate.nullable(),
  /**
   * The relief valve tests due on the plan's valves, from their tags' test intervals (soonest first): a relief test
   * keeps its own date, which the plan's screen shows beside the plan's when they differ.
   */
  reliefTests: z.array(z.object({ tag: z.string(), nextDueOn: calendarDate.nullable() })),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  version: z.number(),
});
export type Plan = z.infer<typeof plan>;

export const forecastQuery = z.object({
  months: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(24, { error: 'must be at most 24' })
    .default(12),
  planId: recordId.optional(),
  valveId: recordId.optional(),
});
export type ForecastQuery = z.infer<typeof forecastQuery>;

export const forecastOccurrence = z.object({
  planId: z.number(),
  planTitle: z.string(),
  priority: z.string(),
  valveId: z.number(),
  valveTag: z.string(),
  plant: z.string(),
  /** The plant's day it falls due on (YYYY-MM-DD), and that day's end as an instant. */
  day: calendarDate,
  dueAt: isoDateTime,
  /** The plan's (the plant's) time zone: the day is a day there. */
  timeZone: z.string(),
  kind: z.enum(['calendar', 'meter', 'condition']),
  /** A meter plan's date is estimated from the meter's average rate (until its work order is raised). */
  estimated: z.boolean(),
  /** The work order raised for it, once raised; `completedOn` (the plant's day) once done. */
  workOrder: z
    .object({ id: z.number(), number: z.string(), status: z.string(), completedOn: calendarDate.nullable() })
    .nullable(),
});
export type ForecastOccurrence = z.infer<typeof forecastOccurrence>;

/** A condition plan has no dates: it is listed as "on condition", with what it watches and the valves it covers. */
export const forecastConditionPlan = z.object({
  planId: z.number(),
  planTitle: z.string(),
  priority: z.string(),
  measure: z.enum(PLAN_CONDITIONS),
  threshold: z.number(),
  valveCount: z.number(),
  /** The first valves it covers (up to 20), by tag. */
  valveTags: z.array(z.string()),
});
export type ForecastConditionPlan = z.infer<typeof forecastConditionPlan>;

export const forecast = z.object({
  /** The first of the current month: what was raised or done this month is shown with what is coming. */
  from: calendarDate,
  until: calendarDate,
  occurrences: z.array(forecastOccurrence),
  onCondition: z.array(forecastConditionPlan),
  /** True when the list stopped at its cap (narrow it by plan or valve). */
  truncated: z.boolean(),
});
export type Forecast = z.infer<typeof forecast>;
