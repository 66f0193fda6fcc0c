import { z } from 'zod';
import { VALVE_CRITICALITIES, WORK_ORDER_PRIORITIES } from '../constants';
import { listInWords } from '../record-kinds';
import { anomalySeverity } from './analytics';
import { calendarDate, required } from './fields';
import { isoDateTime, listLimit } from './params';
import { plantName } from './plants';
import { userRef } from './users';

/*
 * Alarms (issue 35): the alarm life cycle of ANSI/ISA-18.2-2016 (IEC 62682:2014) over the condition engine's
 * anomaly episodes. Routes (ours; the engine's public contract is unchanged):
 *   GET  /api/alarms                 ?plant&view=open|all&limit → alarmList (control room order)
 *   POST /api/alarms/:id/acknowledge                            → alarm
 *   POST /api/alarms/:id/shelve      { minutes, reason }        → alarm
 *   POST /api/alarms/:id/unshelve                               → alarm
 *   POST /api/alarms/:id/work-order  { priority? }              → alarmWorkOrder (201; the alarm linked to it)
 *   GET  /api/alarms/performance     ?plant&week                → alarmPerformance (ISA-18.2 clause 16 metrics)
 *   GET  /api/alarms/performance.csv ?plant&week                → the same as CSV, one row per plant
 */

/** ISA-18.2 recommends three or four priorities; the most urgent first. */
export const ALARM_PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export type AlarmPriority = (typeof ALARM_PRIORITIES)[number];

/**
 * An alarm's state, after ISA-18.2's state model (clause 11): active and not acknowledged, active and acknowledged,
 * returned to normal but not yet acknowledged, shelved by a person for a stated time, suppressed by design (its
 * valve out of service or under an open work order), and normal (returned and acknowledged: off the list).
 */
export const ALARM_STATES = [
  'unacknowledged',
  'acknowledged',
  'returned_unacknowledged',
  'shelved',
  'suppressed',
  'normal',
] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

export const ALARM_SUPPRESSION_REASONS = ['out_of_service', 'work_order'] as const;
export type AlarmSuppressionReason = (typeof ALARM_SUPPRESSION_REASONS)[number];

/** Shelving is for a stated time (ISA-18.2 11.7): at least 5 minutes, at most a week; the alarm comes back itself. */
export const SHELVE_MINUTES = { min: 5, max: 7 * 24 * 60 } as const;

/** Chattering: the same alarm more than this many times in a minute (EEMUA 191; ISA-TR18.2.5). */
export const CHATTER = { times: 3, withinMs: 60_000 } as const;

export const alarmChannel = z.object({
  channel: z.string(),
  direction: z.enum(['up', 'down', 'both']),
  change: z.number(),
  changeUnit: z.string(),
  text: z.string(),
});

export const alarm = z.object({
  id: z.number(),
  /** The valve's record id, its tag and where it is. */
  valveId: z.number(),
  valveTag: z.string(),
  plant: z.string(),
  location: z.string(),
  criticality: z.enum(VALVE_CRITICALITIES),
  priority: z.enum(ALARM_PRIORITIES),
  severity: anomalySeverity,
  state: z.enum(ALARM_STATES),
  /** Whether its episode is still going on (false once the valve returned to normal). */
  active: z.boolean(),
  raisedAt: isoDateTime,
  /** The last time it went active again (chattering); `occurrences` counts every activation. */
  lastRaisedAt: isoDateTime,
  clearedAt: isoDateTime.nullable(),
  occurrences: z.number(),
  chattering: z.boolean(),
  channels: z.array(alarmChannel),
  description: z.string(),
  fault: z.string().nullable(),
  advice: z.string(),
  acknowledgedAt: isoDateTime.nullable(),
  acknowledgedBy: userRef.nullable(),
  shelvedUntil: isoDateTime.nullable(),
  shelveReason: z.string().nullable(),
  shelvedBy: userRef.nullable(),
  suppressedReason: z.enum(ALARM_SUPPRESSION_REASONS).nullable(),
  workOrder: z.object({ id: z.number(), workOrderId: z.string(), status: z.string() }).nullable(),
});
export type Alarm = z.infer<typeof alarm>;

export const alarmListQuery = z.object({
  plant: plantName.optional(),
  /** open: every alarm not back to normal (the control room's list); all: the latest, normal ones too. */
  view: z.enum(['open', 'all'], { error: 'must be open or all' }).default('open'),
  limit: listLimit(500).default(200),
});
export type AlarmListQuery = z.infer<typeof alarmListQuery>;

export const alarmList = z.object({
  /** Unacknowledged first (active before returned), then by priority, then newest first. */
  items: z.array(alarm),
  counts: z.object({
    unacknowledged: z.number(),
    acknowledged: z.number(),
    shelved: z.number(),
    suppressed: z.number(),
  }),
});
export type AlarmList = z.infer<typeof alarmList>;

export const shelveAlarmBody = z.object({
  minutes: z
    .number({ error: 'must be a number of minutes' })
    .int({ error: 'must be a whole number of minutes' })
    .min(SHELVE_MINUTES.min, { error: `must be at least ${SHELVE_MINUTES.min} minutes` })
    .max(SHELVE_MINUTES.max, { error: `must be at most ${SHELVE_MINUTES.max} minutes (a week)` }),
  reason: required(500),
});
export type ShelveAlarmBody = z.infer<typeof shelveAlarmBody>;

export const alarmWorkOrderBody = z.object({
  priority: z.enum(WORK_ORDER_PRIORITIES, { error: `must be ${listInWords(WORK_ORDER_PRIORITIES)}` }).optional(),
});
export type AlarmWorkOrderBody = z.infer<typeof alarmWorkOrderBody>;

export const alarmWorkOrder = z.object({
  alarm,
  workOrder: z.object({ id: z.number(), workOrderId: z.string() }),
});
export type AlarmWorkOrder = z.infer<typeof alarmWorkOrder>;

export const alarmPerformanceQuery = z.object({
  plant: plantName.optional(),
  /** Any day of the week wanted (weeks start on Monday, the plant's calendar); the last full week by default. */
  week: calendarDate.optional(),
});
export type AlarmPerformanceQuery = z.infer<typeof alarmPerformanceQuery>;

/** ISA-18.2 (2016) Table 8 and EEMUA 191's figures, per operator position; one plant is one position here. */
export const ALARM_TARGETS = {
  per10MinAcceptable: 1,
  per10MinManageable: 2,
  floodAbove: 10,
  floodShareMax: 0.01,
  staleHours: 24,
} as const;

export const plantAlarmPerformance = z.object({
  plant: z.string(),
  /** The week on the plant's clock: its Monday 00:00 to the next, in the plant's time zone. */
  timeZone: z.string(),
  from: isoDateTime,
  to: isoDateTime,
  /** Annunciated alarms (activations) in the week, chattering repeats grouped into one. */
  alarms: z.number(),
  /** Mean annunciated alarms per 10 minutes (target ≤ 1, "maximum manageable" 2). */
  per10Minutes: z.number(),
  /** The most in any 10-minute period of the week. */
  peak10Minutes: z.number(),
  /** Share (0-1) of the week's 10-minute periods with more than 10 alarms: time in flood (target < 1 %). */
  floodShare: z.number(),
  floodPeriods: z.number(),
  /** The ten alarm points (valves) that raised most, with their share of the week's alarms. */
  top: z.array(z.object({ valveId: z.number(), valveTag: z.string(), count: z.number(), share: z.number() })),
  /** Alarms that chattered (more than 3 activations in a minute) in the week. */
  chattering: z.number(),
  /** Alarms active more than 24 hours at some point of the week. */
  stale: z.number(),
  /** Alarms shelved during the week, and those shelved at its end. */
  shelved: z.number(),
  suppressed: z.number(),
  /** Alarms by priority (ISA-18.2's guide: about 80 % low, 15 % medium, 5 % high). */
  byPriority: z.object({ critical: z.number(), high: z.number(), medium: z.number(), low: z.number() }),
  acknowledged: z.number(),
  /** Median time to acknowledge, minutes; null with none acknowledged. */
  medianMinutesToAcknowledge: z.number().nullable(),
});
export type PlantAlarmPerformance = z.infer<typeof plantAlarmPerformance>;

export const alarmPerformance = z.object({
  /** The Monday of the week measured. */
  week: calendarDate,
  plants: z.array(plantAlarmPerformance),
});
export type AlarmPerformance = z.infer<typeof alarmPerformance>;
