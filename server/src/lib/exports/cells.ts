import type { Cell } from './source';

/**
 * Text a spreadsheet would take for a formula (OWASP, "CSV Injection": a cell beginning with =, +, -, @, tab or
 * carriage return). Such text gets a leading single quote, in CSV and in xlsx alike (decisions/107).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const neutralized = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** A cell as CSV text: instants in ISO 8601 UTC, numbers as they are (a negative number is a number, not text). */
export function csvCell(cell: Cell): string | number | boolean {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'string') return neutralized(cell);
  return Number.isFinite(cell) || typeof cell === 'boolean' ? cell : '';
}

/** A cell for exceljs: text neutralized like CSV's; numbers, yes/no and instants (date cells) as typed values. */
export function xlsxCell(cell: Cell): string | number | boolean | Date | null {
  if (typeof cell === 'string') return neutralized(cell);
  if (typeof cell === 'number' && !Number.isFinite(cell)) return null;
  return cell;
}
