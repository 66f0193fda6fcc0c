/**
 * When a calendar plan falls due: pure functions of the trigger, the plant's time zone and the last completion. Days
 * are reckoned as the plant's calendar days (so "monthly from Jan 31" and "every week" are wall-clock facts, not
 * multiples of 24 hours), and a day falls due at its end in the plant's zone, whatever DST does to the offset.
 */
import { dayOf, endOfPlantDay, plantDay, utcMidnight } from '@common/plant-days';
import type { CalendarTrigger } from '@common/schemas/maintenance-plans';
import type { Options } from 'rrule';
import * as rruleModule from 'rrule';

/** rrule is CommonJS to Node's own loader (its exports only under `default`) and ESM to Vite: take either. */
const { Frequency, RRule } = ('default' in rruleModule ? rruleModule.default : rruleModule) as typeof rruleModule;

export type Occurrence = {
  /** The plant's day, YYYY-MM-DD: also the occurrence's key. */
  day: string;
  /** The end of that day in the plant's zone. */
  dueAt: Date;
};

const DAY_MS = 86_400_000;

/** A day plus N days, as the calendar counts (no hours involved, so DST cannot move it). */
export const addDays = (day: string, n: number) => dayOf(utcMidnight(day) + n * DAY_MS);

/** A day plus N months: the same day of the month, or the month's last day when it is shorter (Jan 31 → Feb 28). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const month = m - 1 + n;
  const lastDay = new Date(Date.UTC(y, month + 1, 0)).getUTCDate();
  return dayOf(Date.UTC(y, month, Math.min(d, lastDay)));
}

const RULE_PARTS = new Set([
  'FREQ',
  'INTERVAL',
  'COUNT',
  'UNTIL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYSETPOS',
  'WKST',
  'BYYEARDAY',
  'BYWEEKNO',
]);
const DAY_FREQUENCIES = [Frequency.YEARLY, Frequency.MONTHLY, Frequency.WEEKLY, Frequency.DAILY];

/**
 * A plan's recurrence rule (RFC 5545 RRULE) as rrule options, or the reason it is not one: only day-level rules
 * (daily to yearly), no DTSTART or TZID of its own (the plan's start date and zone are those), every part known.
 */
export function parseRule(text: string): { options: Partial<Options> } | { error: string } {
  const body = text.trim().replace(/^RRULE:/i, '');
  const parts = body.split(';').filter(Boolean);
  for (const part of parts) {
    const [name, value] = part.split('=');
    if (!RULE_PARTS.has(name?.toUpperCase() ?? '') || !value) return { error: `has a part it cannot use: ${part}` };
  }
  try {
    const options = RRule.parseString(body);
    if (options.freq === undefined || !DAY_FREQUENCIES.includes(options.freq)) {
      return { error: 'must repeat DAILY, WEEKLY, MONTHLY or YEARLY' };
    }
    if (options.interval !== undefined && !(Number.isInteger(options.interval) && options.interval >= 1)) {
      return { error: 'INTERVAL must be a whole number from 1' };
    }
    if (options.count !== undefined && options.count !== null && !(options.count >= 1)) {
      return { error: 'COUNT must be a whole number from 1' };
    }
    const weekdays = options.byweekday === undefined ? [] : [options.byweekday].flat();
    if (weekdays.some((d) => d === undefined)) return { error: 'BYDAY must name days such as MO, 1MO or -1FR' };
    for (const list of [options.bymonthday, options.bymonth, options.bysetpos]) {
      if ([list].flat().some((n) => typeof n === 'number' && !Number.isFinite(n)))
        return { error: 'has a number it cannot read' };
    }
    // A rule that never falls (BYMONTHDAY=31;BYMONTH=2) would plan nothing: say so rather than accept it.
    const probe = new RRule({ ...options, dtstart: new Date(Date.UTC(2000, 0, 1)) });
    if (!probe.after(new Date(Date.UTC(2000, 0, 1)), true)) return { error: 'never falls on any day' };
    return { options };
  } catch (error) {
    return { error: `cannot be read (${error instanceof Error ? error.message : 'invalid'})` };
  }
}

/** The later of two days (YYYY-MM-DD compare as text). */
export const laterDay = (a: string, b: string) => (a > b ? a : b);

/** A day as rrule's "floating" date: the day at 00:00 UTC (rrule's advice for rules without their own zone). */
const floating = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOfFloating = (date: Date) => date.toISOString().slice(0, 10);

export type CalendarWindow = {
  timeZone: string;
  /** From this day and until this day, both the plant's days and both included. */
  fromDay: string;
  untilDay: string;
  /** For a plan counted from completion: when its last work order on this valve was completed. */
  lastCompletedAt?: Date | null;
  /** Stop after this many (a daily rule over years is long). */
  limit?: number;
};

/**
 * The days a calendar plan falls due within a window. Fixed: the start date, then every N units after it, each
 * counted from the start (so monthly from Jan 31 is Feb 28, Mar 31, Apr 30: the day clamps to the month, and never
 * drifts). From completion: N units after the plant's day of the last completion (the start date until there is
 * one), and the rule's occurrences after that day.
 */
export function calendarOccurrences(trigger: CalendarTrigger, window: CalendarWindow): Occurrence[] {
  const limit = window.limit ?? 1000;
  const fromCompletion = trigger.countFrom === 'completion' && window.lastCompletedAt;
  const anchor = fromCompletion ? plantDay(window.lastCompletedAt as Date, window.timeZone) : trigger.startDate;
  const days: string[] = [];
  if (trigger.every) {
    const { count, unit } = trigger.every;
    const step = (k: number) =>
      unit === 'day' || unit === 'week'
        ? addDays(anchor, k * count * (unit === 'week' ? 7 : 1))
        : addMonths(anchor, k * count * (unit === 'year' ? 12 : 1));
    // Skip whole intervals before the window rather than walking from a start years back.
    const [ay, am] = anchor.split('-').map(Number);
    const [fy, fm] = window.fromDay.split('-').map(Number);
    const gap =
      unit === 'day' || unit === 'week'
        ? (utcMidnight(window.fromDay) - utcMidnight(anchor)) / DAY_MS / (unit === 'week' ? 7 : 1)
        : ((fy - ay) * 12 + fm - am) / (unit === 'year' ? 12 : 1);
    let k = Math.max(fromCompletion ? 1 : 0, Math.floor(gap / count) - 1);
    for (; days.length < limit; k++) {
      const day = step(k);
      if (day > window.untilDay) break;
      if (day >= window.fromDay) days.push(day);
    }
  } else if (trigger.rrule) {
    const parsed = parseRule(trigger.rrule);
    if ('error' in parsed) return [];
    const rule = new RRule({ ...parsed.options, dtstart: floating(anchor) });
    const after = fromCompletion ? addDays(anchor, 1) : window.fromDay;
    const from = laterDay(after, window.fromDay);
    for (const d of rule.between(floating(from), floating(window.untilDay), true, (_, i) => i < limit)) {
      days.push(dayOfFloating(d));
    }
  }
  return days.map((day) => ({ day, dueAt: endOfPlantDay(day, window.timeZone) }));
}
