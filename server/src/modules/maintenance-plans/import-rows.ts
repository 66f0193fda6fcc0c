import type { CalendarTrigger } from '@common/schemas/maintenance-plans';
import { cellNumber } from '../../lib/cells';
import type { ImportField, ImportRow } from '../../lib/imports';
import { type CellReader, listIn, readDate, readNumber, readRow, readText, readWord, timeUnitOf } from '../imports';
import { parseRule } from './recurrence';

/*
 * A plan register's row read into flat columns (issue 32): a spreadsheet has no nested target or trigger, so a
 * plan is its title, its valve or group, how often ("3 months" or an RRULE) or a meter, and its people by name.
 * What the catalog and the database say of the names is import.ts's part.
 */

const f = (name: string, label: string, headers: string[], requiredForNew = false): ImportField => ({
  name,
  label,
  headers,
  requiredForNew,
});

export const PLAN_IMPORT_FIELDS: readonly ImportField[] = [
  f('title', 'Title', ['pm title', 'plan', 'plan title', 'task', 'pm task', 'name'], true),
  f('description', 'Description', ['details', 'scope', 'work', 'instructions', 'task description']),
  f('priority', 'Priority', []),
  f('valve', 'Valve', ['valve id', 'tag', 'valve tag', 'tag number']),
  f('valveType', 'Valve type', ['type']),
  f('plant', 'Plant', ['site', 'facility']),
  f('valveTags', 'Valve tags', ['tags', 'valves', 'tag list']),
  f('every', 'Every', ['frequency', 'interval', 'recurrence', 'rrule', 'repeat', 'pm interval']),
  f('startDate', 'Start date', ['start', 'first due', 'first due date', 'starts', 'start on']),
  f('countFrom', 'Count from', ['counted from', 'schedule from']),
  f('meter', 'Meter', ['meter kind', 'counter']),
  f('meterEvery', 'Meter every', ['meter interval', 'every hours', 'every cycles']),
  f('leadDays', 'Lead days', ['lead', 'lead time', 'days ahead', 'raise days before']),
  f('skipIfOpen', 'Skip if open', ['skip open', 'skip when open']),
  f('procedure', 'Procedure', ['procedure title', 'checklist', 'sop']),
  f('assignedTo', 'Assigned to', ['assignee', 'technician', 'owner', 'responsible']),
  f('timeZone', 'Time zone', ['timezone', 'tz', 'zone']),
  f('active', 'Active', ['enabled', 'status']),
];

/** The fields that make a plan's target and its trigger: a change to any of them rebuilds that part. */
export const TARGET_FIELDS = ['valve', 'valveType', 'plant', 'valveTags'] as const;
export const CALENDAR_FIELDS = ['every', 'startDate', 'countFrom'] as const;
export const METER_FIELDS = ['meter', 'meterEvery'] as const;

type Every = NonNullable<CalendarTrigger['every']>;
/** The words registers use for a frequency, as an interval. */
const FREQUENCY_WORDS: Record<string, Every> = {
  daily: { count: 1, unit: 'day' },
  weekly: { count: 1, unit: 'week' },
  fortnightly: { count: 2, unit: 'week' },
  monthly: { count: 1, unit: 'month' },
  quarterly: { count: 3, unit: 'month' },
  'semi-annually': { count: 6, unit: 'month' },
  'half-yearly': { count: 6, unit: 'month' },
  yearly: { count: 1, unit: 'year' },
  annually: { count: 1, unit: 'year' },
  annual: { count: 1, unit: 'year' },
};

/** An interval as the import writes and compares it: "1 month", "3 months". */
export const everyText = ({ count, unit }: Every) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** A rule as the import compares it: without its "RRULE:" prefix, in capitals. */
const ruleText = (rule: string) =>
  rule
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();

/** A calendar trigger's "how often" as the Every column says it. */
export const triggerEvery = (trigger: CalendarTrigger) =>
  trigger.every ? everyText(trigger.every) : ruleText(trigger.rrule ?? '');

/** The Every column's text back as the trigger's interval or rule. */
export const everyOf = (text: string): Pick<CalendarTrigger, 'every' | 'rrule'> => {
  if (/^FREQ=/.test(text)) return { rrule: text };
  const [count, unit] = text.split(' ');
  return { every: { count: Number(count), unit: unit.replace(/s$/, '') as Every['unit'] } };
};

/** "3 months", "90 days", "1 year", "quarterly" or an RRULE (FREQ=MONTHLY;BYDAY=1MO): how often a plan falls due. */
export const readEvery: CellReader = (cell, refuse) => {
  const text = readText(cell, refuse);
  if (typeof text !== 'string') return undefined;
  if (/^(RRULE:)?FREQ=/i.test(text)) {
    const parsed = parseRule(text);
    if ('error' in parsed) refuse(`"${text}" is not a recurrence rule we can use: it ${parsed.error}`);
    else return ruleText(text);
    return undefined;
  }
  const word = FREQUENCY_WORDS[text.toLowerCase()];
  if (word) return everyText(word);
  const read = cellNumber(cell);
  const unit = read && 'value' in read ? (read.value.unit === null ? 'day' : timeUnitOf(read.value.unit)) : undefined;
  if (!read || 'error' in read || !unit) {
    refuse(`"${text}" is not an interval we can read (3 months, 90 days, 1 year, quarterly, or FREQ=...)`);
    return undefined;
  }
  const count = read.value.amount;
  if (!Number.isInteger(count) || count < 1 || count > 1000) {
    refuse(`"${text}" must be a whole number from 1 to 1000 of days, weeks, months or years`);
    return undefined;
  }
  return everyText({ count, unit });
};

const YES_NO: Record<string, boolean> = {
  yes: true,
  y: true,
  true: true,
  '1': true,
  no: false,
  n: false,
  false: false,
  '0': false,
};

const readTag: CellReader = (cell, refuse) => {
  const text = readText(cell, refuse);
  return typeof text === 'string' ? text.toUpperCase() : undefined;
};

/** "V-001-BV, V-002-BV; V-003-BV": the tags, each once, in the order written. */
const readTags: CellReader = (cell, refuse) => {
  const text = readText(cell, refuse);
  if (typeof text !== 'string') return undefined;
  const tags = listIn(text.toUpperCase());
  return tags.length ? tags.join(', ') : undefined;
};

/** The Valve tags column's text as the target's list. */
export const tagsOf = (text: string) => text.split(', ');

const PLAN_READERS: Record<string, CellReader> = {
  priority: readWord(
    { high: 'high', medium: 'medium', med: 'medium', normal: 'medium', low: 'low' },
    'high, medium or low',
  ),
  valve: readTag,
  valveTags: readTags,
  every: readEvery,
  startDate: readDate,
  countFrom: readWord(
    {
      fixed: 'fixed',
      start: 'fixed',
      'start date': 'fixed',
      schedule: 'fixed',
      completion: 'completion',
      'last completion': 'completion',
      'from completion': 'completion',
      completed: 'completion',
    },
    'fixed (from the start date) or completion (from the last completion)',
  ),
  meter: readWord(
    {
      'operating hours': 'operating_hours',
      operating_hours: 'operating_hours',
      hours: 'operating_hours',
      'running hours': 'operating_hours',
      'run hours': 'operating_hours',
      h: 'operating_hours',
      cycles: 'cycles',
      strokes: 'cycles',
      operations: 'cycles',
    },
    'operating hours or cycles',
  ),
  meterEvery: readNumber(['h', 'hours', 'hrs', 'cycles', 'strokes']),
  leadDays: readNumber(['d', 'day', 'days']),
  skipIfOpen: readWord(YES_NO, 'yes or no'),
  // A register's status column says it in words.
  active: readWord({ ...YES_NO, active: true, inactive: false, paused: false }, 'yes or no (or active, inactive)'),
};

/** Each mapped cell as its field's value; blank cells are left out (a blank never clears what a plan has). */
export const readPlanRow = (row: ImportRow) => readRow(row, PLAN_READERS);
