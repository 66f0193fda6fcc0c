import type { z } from 'zod';
import { type Cell, cellDate, cellNumber, cellText, looksLikeFormula } from '../../lib/cells';
import type { ImportField, ImportRow } from '../../lib/imports';
import { HttpError } from '../../plugins/errors';

/*
 * What every register's import does with its rows (issue 32), whatever the kind: cells read as the person meant
 * them, one refusal per column, names looked up once per file, a known record's changes field by field. The kinds'
 * own rules stay in their domains (valves/import.ts, relief-valves, maintenance-plans, users).
 */

export type Refusal = { row: number; column: string; message: string };
export type RowValues = Record<string, string | number | boolean>;

/**
 * A kind's fields named after its contract's body: a field is required for a new record when the body refuses it
 * left out. A kind whose columns are not its body's fields (plans, users) says so itself.
 */
export const fieldOf =
  (body: z.ZodObject) =>
  (name: string, label: string, headers: readonly string[] = []): ImportField => ({
    name,
    label,
    headers,
    requiredForNew: !!body.shape[name] && !body.shape[name].safeParse(undefined).success,
  });

/** How one field's cell becomes its value: `undefined` leaves the field out (blank, or refused through `refuse`). */
export type CellReader = (cell: Cell, refuse: (message: string) => void) => string | number | boolean | undefined;

/** A text cell, refused when it looks like a formula (=HYPERLINK(...)): the register's cell, not its result. */
export const readText: CellReader = (cell, refuse) => {
  const text = cellText(cell);
  if (text === null) return undefined;
  if (looksLikeFormula(text)) {
    refuse('looks like a spreadsheet formula: type the value itself');
    return undefined;
  }
  return text;
};

export const readDate: CellReader = (cell, refuse) => {
  const read = cellDate(cell);
  if (!read) return undefined;
  if ('error' in read) refuse(read.error);
  else return read.value;
};

/** A number as written (1,250 or 1.250,5 or 150 psi); a unit in the cell is refused unless `units` accepts it. */
export const readNumber =
  (units: readonly string[] = []): CellReader =>
  (cell, refuse) => {
    const read = cellNumber(cell);
    if (!read) return undefined;
    if ('error' in read) refuse(read.error);
    else if (read.value.unit !== null && !units.includes(read.value.unit)) {
      refuse(`"${cellText(cell)}" has a unit we do not read here${units.length ? ` (${units.join(', ')})` : ''}`);
    } else return read.value.amount;
  };

/** One of a few words, matched regardless of case; `words` maps what people write to the stored value. */
export const readWord =
  (words: Readonly<Record<string, string | boolean>>, expected: string): CellReader =>
  (cell, refuse) => {
    const text = readText(cell, refuse);
    if (typeof text !== 'string') return undefined;
    const value = words[text.toLowerCase()];
    if (value === undefined) refuse(`must be ${expected}, not "${text}"`);
    return value;
  };

/** "A, B; C": the items of a list cell, trimmed, each once, in the order written. */
export const listIn = (text: string) => [
  ...new Set(
    text
      .split(/[,;\n]/)
      .map((item) => item.trim())
      .filter(Boolean),
  ),
];

/** A unit of time as registers write it ("6 mo", "2 yrs", "90 d"): the calendar's unit. */
const TIME_UNITS: Readonly<Record<string, 'day' | 'week' | 'month' | 'year'>> = {
  d: 'day',
  day: 'day',
  days: 'day',
  w: 'week',
  wk: 'week',
  wks: 'week',
  week: 'week',
  weeks: 'week',
  mo: 'month',
  mos: 'month',
  mon: 'month',
  month: 'month',
  months: 'month',
  y: 'year',
  yr: 'year',
  yrs: 'year',
  year: 'year',
  years: 'year',
};
export const timeUnitOf = (written: string) => TIME_UNITS[written];

/** Each mapped cell as its field's value, blank cells left out (a blank never clears what a record has). */
export function readRow(
  row: ImportRow,
  readers: Readonly<Record<string, CellReader>> = {},
): { values: RowValues; refused: Refusal[] } {
  const values: RowValues = {};
  const refused: Refusal[] = [];
  for (const [field, { column, cell }] of row.cells) {
    const value = (readers[field] ?? readText)(cell, (message) => refused.push({ row: row.row, column, message }));
    if (value !== undefined) values[field] = value;
  }
  return { values, refused };
}

/** The message of a lookup's 400 (plants' "must be one of: ..."), for a row's refusal. */
export const fieldMessage = (error: unknown) => {
  if (!(error instanceof HttpError)) throw error;
  return error.extra.issues?.[0]?.message ?? error.message;
};

/** Looks a name up once per import: a register names its few plants and types thousands of times. */
export function once<T>(lookup: (name: string) => Promise<T>) {
  const seen = new Map<string, Promise<{ value: T } | { error: string }>>();
  return (name: string) => {
    const key = name.toLowerCase();
    let found = seen.get(key);
    if (!found) {
      found = lookup(name).then(
        (value) => ({ value }),
        (error: unknown) => ({ error: fieldMessage(error) }),
      );
      seen.set(key, found);
    }
    return found;
  };
}

/** The column a row's field came from, or the field's label when the row has none (a value the file left out). */
export const columnIn = (row: ImportRow, label: (field: string) => string) => (field: string) =>
  row.cells.get(field)?.column ?? label(field);

/** A field's label on screen, for the column of a refusal the contract's schema made. */
export const labelOf = (fields: readonly ImportField[]) => (field: string) =>
  fields.find((f) => f.name === field)?.label ?? field;

/** The contract schema's issues of a row, each a refusal of its field's column. */
export function issuesOf(row: number, error: z.ZodError, label: (field: string) => string): Refusal[] {
  return error.issues.map((issue) => ({ row, column: label(String(issue.path[0] ?? '')), message: issue.message }));
}

/**
 * One refusal per column, the first said: a cell refused as it was read is missing from the values, and the
 * contract's check would add that it is required.
 */
export const dedupe = (refusals: Refusal[]) =>
  refusals.filter((r, i) => refusals.findIndex((s) => s.row === r.row && s.column === r.column) === i);

/** The values a row would change on a known record (all of them for a new one): blank and equal values are not. */
export function editOf(current: Record<string, unknown> | undefined, values: RowValues): RowValues {
  const edit: RowValues = {};
  for (const [field, value] of Object.entries(values)) {
    if (!current || (current[field] ?? null) !== value) edit[field] = value;
  }
  return edit;
}

/** A key seen twice in one file: the second row is refused, naming the first. */
export function firstRows() {
  const firstRowOf = new Map<string, number>();
  return (key: string, row: number): number | undefined => {
    const first = firstRowOf.get(key.toLowerCase());
    if (first === undefined) firstRowOf.set(key.toLowerCase(), row);
    return first;
  };
}
