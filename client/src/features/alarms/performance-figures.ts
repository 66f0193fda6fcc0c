import {
  ALARM_PRIORITIES,
  ALARM_TARGETS,
  type AlarmPriority,
  type PlantAlarmPerformance,
} from '@common/schemas/alarms';
import type { Tone } from '@common/status-styles';

/** Where a figure stands against its target: within it, at the limit of what one operator can manage, or past it. */
export type Standing = 'good' | 'fair' | 'poor';

export const STANDING_TONES: Record<Standing, Tone> = { good: 'success', fair: 'warning', poor: 'danger' };

/**
 * The mean alarms per 10 minutes against ISA-18.2's Table 8: about 1 is very likely acceptable, 2 the maximum
 * manageable; more and an operator misses alarms.
 */
export function rateStanding(per10Minutes: number): Standing {
  if (per10Minutes <= ALARM_TARGETS.per10MinAcceptable) return 'good';
  if (per10Minutes <= ALARM_TARGETS.per10MinManageable) return 'fair';
  return 'poor';
}

/** The share of the week in flood (more than 10 alarms in 10 minutes): the target is under 1 %. */
export const floodStanding = (floodShare: number): Standing =>
  floodShare < ALARM_TARGETS.floodShareMax ? 'good' : 'poor';

/** The busiest 10 minutes of the week: more than 10 alarms is a flood, when an operator cannot keep up. */
export const peakStanding = (peak10Minutes: number): Standing =>
  peak10Minutes <= ALARM_TARGETS.floodAbove ? 'good' : 'poor';

/** Chattering and stale alarms: the target is none; any is a point to fix. */
export const countStanding = (count: number): Standing => (count === 0 ? 'good' : 'fair');

const percentFormat = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
const rateFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

/** A share (0-1) as people read it: "0.7%", "12.5%". */
export const percent = (share: number): string => percentFormat.format(share);

/** A mean rate to two decimals at most: "0.35", "2". */
export const rate = (value: number): string => rateFormat.format(value);

/** The week's alarms by priority, most urgent first, each with its share of the week's alarms. */
export function priorityShares(byPriority: PlantAlarmPerformance['byPriority']) {
  const total = ALARM_PRIORITIES.reduce((sum, priority) => sum + byPriority[priority], 0);
  return ALARM_PRIORITIES.map((priority: AlarmPriority) => ({
    priority,
    count: byPriority[priority],
    share: total === 0 ? 0 : byPriority[priority] / total,
  }));
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A week asked for in the address: a calendar day (the server measures the week holding it), else the default. */
export function weekFromUrl(value: string | null): string | undefined {
  return value && CALENDAR_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : undefined;
}

/** The Monday `weeks` weeks from the given one, counted on the calendar (UTC days: no clock change moves a day). */
export function shiftWeek(monday: string, weeks: number): string {
  const day = new Date(`${monday}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + weeks * 7);
  return day.toISOString().slice(0, 10);
}

/** Whether the week after this one has begun by `today` (a later week has no alarms yet to measure). */
export const nextWeekHasBegun = (monday: string, today: string): boolean => shiftWeek(monday, 1) <= today;
