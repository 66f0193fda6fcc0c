/**
 * A plan's trigger in plain English for the screens ("Every 3 months on the first Monday"): a supervisor never reads
 * an RRULE. The rule is read by the rrule library (its own toText says "the 1st Monday" and drops BYSETPOS, so the
 * words are ours), and a form's choice of "the first Monday" is written back as a rule here too.
 */
import * as rruleModule from 'rrule';
import type { CalendarTrigger, ConditionTrigger, MeterTrigger, PlanTrigger } from './schemas/maintenance-plans';

/** rrule is CommonJS to Node's own loader (its exports only under `default`) and ESM to Vite: take either. */
const { Frequency, RRule } = ('default' in rruleModule ? rruleModule.default : rruleModule) as typeof rruleModule;

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** Which one of the month's weekdays: 1 to 4, or -1 for the last. */
export const WEEK_ORDINALS = [1, 2, 3, 4, -1] as const;
const ORDINAL_WORDS: Record<number, string> = {
  1: 'first',
  2: 'second',
  3: 'third',
  4: 'fourth',
  5: 'fifth',
  [-1]: 'last',
  [-2]: 'second to last',
};

const UNIT_WORDS: Record<number, string> = {
  [Frequency.YEARLY]: 'year',
  [Frequency.MONTHLY]: 'month',
  [Frequency.WEEKLY]: 'week',
  [Frequency.DAILY]: 'day',
};

export const ordinalWord = (n: number) => ORDINAL_WORDS[n] ?? `${n}th`;
const dayOfMonth = (n: number) =>
  n === -1 ? 'the last day' : n < 0 ? `the ${ordinalWord(n)} day` : `the ${n}${suffix(n)}`;
const suffix = (n: number) =>
  n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const every = (count: number, unit: string) => (count === 1 ? `Every ${unit}` : `Every ${count} ${unit}s`);

/** A YYYY-MM-DD day as "Dec 1, 2026", the day itself (never moved by the viewer's zone). */
export function dayWords(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${MONTHS[m - 1].slice(0, 3)} ${d}, ${y}`;
}

type Weekday = { weekday: number; n?: number | null };

/** An RRULE in words, or null when it cannot be read (the server refuses such a rule). */
export function ruleWords(rule: string): string | null {
  let options: ReturnType<typeof RRule.parseString>;
  try {
    options = RRule.parseString(rule.trim().replace(/^RRULE:/i, ''));
  } catch {
    return null;
  }
  const unit = options.freq === undefined ? undefined : UNIT_WORDS[options.freq];
  if (!unit) return null;
  const parts = [every(options.interval ?? 1, unit)];
  const months = [options.bymonth ?? []].flat().filter((m): m is number => typeof m === 'number');
  if (months.length) parts[0] = `${parts[0]} in ${list(months.map((m) => MONTHS[m - 1]))}`;
  const weekdays = [options.byweekday ?? []].flat() as (Weekday | number)[];
  const days = weekdays.map((w) => (typeof w === 'number' ? { weekday: w } : w));
  const setPos = [options.bysetpos ?? []].flat().filter((n): n is number => typeof n === 'number');
  if (days.length) {
    const workweek = days.length === 5 && days.every((d, i) => d.weekday === i && !d.n);
    const names = days.map((d) => (d.n ? `the ${ordinalWord(d.n)} ${WEEKDAYS[d.weekday]}` : WEEKDAYS[d.weekday]));
    if (setPos.length)
      parts.push(`on the ${list(setPos.map(ordinalWord))} ${workweek ? 'weekday' : `of ${list(names)}`}`);
    else parts.push(`on ${workweek ? 'weekdays' : list(names)}`);
  }
  const monthDays = [options.bymonthday ?? []].flat().filter((n): n is number => typeof n === 'number');
  if (monthDays.length) parts.push(`on ${list(monthDays.map(dayOfMonth))}`);
  if (options.byyearday || options.byweekno) return `${parts.join(' ')} (on particular days of the year)`;
  if (options.count) parts.push(options.count === 1 ? 'once only' : `for ${options.count} times`);
  if (options.until) parts.push(`until ${dayWords(options.until.toISOString().slice(0, 10))}`);
  return parts.join(' ');
}

/** A calendar trigger in words: its recurrence, when it starts and what it counts from. */
export function calendarWords(trigger: CalendarTrigger): string {
  const rhythm = trigger.every
    ? every(trigger.every.count, trigger.every.unit)
    : ((trigger.rrule && ruleWords(trigger.rrule)) ?? 'A custom recurrence');
  return trigger.countFrom === 'completion'
    ? `${rhythm}, counted from the last completion (first ${dayWords(trigger.startDate)})`
    : `${rhythm}, from ${dayWords(trigger.startDate)}`;
}

const METER_UNITS = { operating_hours: 'operating hours', cycles: 'cycles' } as const;
const thousands = (n: number) => n.toLocaleString('en-US');

export function meterWords(trigger: MeterTrigger): string {
  const unit = METER_UNITS[trigger.meter];
  const early = trigger.lead ? `, raised ${thousands(trigger.lead)} ${unit} early` : '';
  return `Every ${thousands(trigger.every)} ${unit}${early}`;
}

export function conditionWords(trigger: ConditionTrigger): string {
  if (trigger.measure === 'failure_probability')
    return `When the failure risk reaches ${Math.round(trigger.threshold * 100)}%`;
  if (trigger.measure === 'health_score') return `When the health score falls to ${trigger.threshold} or below`;
  return `When ${trigger.threshold} or more anomalies are found`;
}

export function triggerWords(trigger: PlanTrigger): string {
  if (trigger.kind === 'calendar') return calendarWords(trigger);
  if (trigger.kind === 'meter') return meterWords(trigger);
  return conditionWords(trigger);
}

/** The rule for "every N months on the first Monday" (ordinal -1: the last), as the form offers it. */
export const monthlyWeekdayRule = (count: number, ordinal: number, weekday: number) =>
  `FREQ=MONTHLY;INTERVAL=${count};BYDAY=${ordinal}${WEEKDAY_CODES[weekday]}`;

/** The form's reading of a rule it can offer as a choice: every N months on the nth weekday; else null. */
export function readMonthlyWeekdayRule(rule: string): { count: number; ordinal: number; weekday: number } | null {
  const match = /^(?:RRULE:)?FREQ=MONTHLY(?:;INTERVAL=(\d+))?;BYDAY=(-1|[1-4])(MO|TU|WE|TH|FR|SA|SU)$/i.exec(
    rule.trim(),
  );
  if (!match) return null;
  return {
    count: Number(match[1] ?? 1),
    ordinal: Number(match[2]),
    weekday: WEEKDAY_CODES.indexOf(match[3].toUpperCase() as (typeof WEEKDAY_CODES)[number]),
  };
}
