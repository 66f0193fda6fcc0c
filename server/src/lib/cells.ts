import { numberAsTyped } from '@common/typed-numbers';

/*
 * Spreadsheet cells read as the person who typed them meant them (issue 32): Excel's date serials and date cells,
 * numbers with thousands separators, a number with its unit in the cell. A cell that cannot be read so is a
 * refusal with a reason, never a guess.
 */

/** A spreadsheet cell as the file holds it (modules/imports/sheets.ts reads CSV and .xlsx into these). */
export type Cell = string | number | boolean | Date | null;

export type Read<T> = { value: T } | { error: string };

const isBlank = (cell: Cell) => cell === null || (typeof cell === 'string' && cell.trim() === '');

/** The text of a cell; null when blank. A date cell is its day; a number as Excel shows it when general. */
export function cellText(cell: Cell): string | null {
  if (isBlank(cell)) return null;
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

/**
 * A formula typed as text (a CSV cell that begins with "=") would run when the register is opened in a spreadsheet
 * again: refused, as OWASP's "CSV Injection" advises for data that spreadsheets will show.
 */
export const looksLikeFormula = (text: string) => /^=/.test(text) || /^[+@]\s*[A-Za-z_]+\s*\(/.test(text);

/** A number and the unit written after it ("180 days" → 180, "days"); a bare number has no unit. */
export function cellNumber(cell: Cell): Read<{ amount: number; unit: string | null }> | null {
  if (isBlank(cell)) return null;
  if (typeof cell === 'number') return { value: { amount: cell, unit: null } };
  if (typeof cell !== 'string') return { error: 'must be a number' };
  const match = /^\s*([-+]?[\d\s\u00a0\u202f.,']*\d)\s*([A-Za-z"#%°][\w "#%°/.]*)?\s*$/.exec(cell);
  const amount = match ? numberAsTyped(match[1]) : null;
  if (!match || amount === null) return { error: `must be a number, not "${cell.trim()}"` };
  return { value: { amount, unit: match[2]?.trim().toLowerCase() ?? null } };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** Excel's 1900 date system: serial 25569 is 1970-01-01 (serials past 60, its leap-year bug, count true days). */
const EXCEL_EPOCH_SERIAL = 25_569;
const DAY_MS = 86_400_000;

function isoDay(year: number, month: number, day: number): string | null {
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (year < 1900 || year > 2200 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

const AMBIGUOUS = (text: string, a: number, b: number, year: number) =>
  `"${text}" could be ${isoDay(year, b, a)} or ${isoDay(year, a, b)}: write the date as YYYY-MM-DD`;

/**
 * A calendar day from a date cell, an Excel serial number or text: ISO (2027-03-14), day.month.year (14.03.2027),
 * a month name (14 Mar 2027, March 14, 2027), or a slashed date when only one reading is a date (14/03/2027); a
 * slashed date that reads both ways (03/04/2027) is refused rather than guessed.
 */
export function cellDate(cell: Cell): Read<string> | null {
  if (isBlank(cell)) return null;
  if (cell instanceof Date) return { value: cell.toISOString().slice(0, 10) };
  // A serial that lost its date format on the way (a CSV saved from a sheet whose column was General).
  if (typeof cell === 'string' && /^\s*\d{5}\s*$/.test(cell)) return cellDate(Number(cell));
  if (typeof cell === 'number') {
    if (!Number.isInteger(cell) || cell < 61 || cell > 109_574) return { error: `must be a date, not ${cell}` };
    return { value: new Date((cell - EXCEL_EPOCH_SERIAL) * DAY_MS).toISOString().slice(0, 10) };
  }
  const text = String(cell).trim();
  const bad = { error: `must be a date (YYYY-MM-DD), not "${text}"` };
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (match) return wrap(isoDay(+match[1], +match[2], +match[3]), bad);
  match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (match) return wrap(isoDay(+match[3], +match[2], +match[1]), bad);
  match = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(text);
  if (match) {
    const [a, b, year] = [+match[1], +match[2], +match[3]];
    if (a > 12) return wrap(isoDay(year, b, a), bad);
    if (b > 12) return wrap(isoDay(year, a, b), bad);
    return a === b ? wrap(isoDay(year, a, b), bad) : { error: AMBIGUOUS(text, a, b, year) };
  }
  match = /^(\d{1,2})[\s-]([A-Za-z]{3,9})\.?[\s-],?\s*(\d{4})$/.exec(text);
  if (match) return wrap(byMonthName(+match[3], match[2], +match[1]), bad);
  match = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(text);
  if (match) return wrap(byMonthName(+match[3], match[1], +match[2]), bad);
  return bad;
}

function byMonthName(year: number, name: string, day: number): string | null {
  const month = MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
  return month ? isoDay(year, month, day) : null;
}

const wrap = (day: string | null, bad: { error: string }): Read<string> => (day ? { value: day } : bad);
