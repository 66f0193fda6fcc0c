import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Cell } from '../../lib/cells';
import { HttpError } from '../../plugins/errors';

/*
 * A register as people send it: a CSV (any delimiter, UTF-8 or the Windows code page Excel writes) or an .xlsx
 * workbook (its first sheet). The cells come back as the spreadsheet holds them (lib/cells.ts reads them as a
 * person meant them). A file is read row by row, so a workbook that inflates to far more than its upload is
 * stopped at the row limit, never held whole.
 */

export type Sheet = { columns: string[]; rows: Cell[][] };

/** A register larger than this is split by the people who send it; 100,000 rows is ten times the biggest plant's. */
export const MAX_SHEET_ROWS = 100_000;
const MAX_COLUMNS = 200;

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export async function readSheet(bytes: Buffer, fileName: string): Promise<Sheet> {
  const isZip = bytes.subarray(0, 4).equals(XLSX_MAGIC);
  if (isZip) return readWorkbook(bytes);
  if (/\.(xlsx|xlsm|xls|ods)$/i.test(fileName)) {
    throw new HttpError(400, `${fileName} is not an .xlsx workbook: save it as .xlsx or CSV and send it again.`);
  }
  return readCsv(bytes);
}

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // Not UTF-8: Excel's "CSV" on Windows writes its ANSI code page.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function readCsv(bytes: Buffer): Sheet {
  const text = decode(bytes);
  if (text.includes('\0')) throw new HttpError(400, 'The file is neither CSV text nor an .xlsx workbook.');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, preview: MAX_SHEET_ROWS + 2 });
  const [header = [], ...rows] = parsed.data;
  // A file that ends with a line break gives one empty last line.
  if (rows.length && rows[rows.length - 1].every((cell) => cell === '')) rows.pop();
  return shaped(header, rows);
}

/** exceljs gives a cell as a value, a formula with its last result, rich text or a link: the value people saw. */
function cellOf(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result === undefined || (typeof result === 'object' && !(result instanceof Date)) ? null : result;
  }
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('text' in value) return typeof value.text === 'string' ? value.text : null;
  return null;
}

async function readWorkbook(bytes: Buffer): Promise<Sheet> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const lines: Cell[][] = [];
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        // Rows come numbered; a gap is blank rows, kept so a row's number is the one the person sees.
        while (lines.length < row.number - 1) lines.push([]);
        const values = row.values as ExcelJS.CellValue[];
        lines.push(values.slice(1, MAX_COLUMNS + 1).map(cellOf));
        if (lines.length > MAX_SHEET_ROWS + 1) break;
      }
      break;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'The workbook could not be read: open it in Excel, save it as .xlsx and send it again.');
  }
  const [header = [], ...rows] = lines;
  return shaped(
    header.map((cell) => (cell === null ? '' : String(cell))),
    rows,
  );
}

function shaped(header: string[], rows: Cell[][]): Sheet {
  const columns = header.slice(0, MAX_COLUMNS).map((name) => String(name).trim());
  if (!columns.some((name) => name !== '')) {
    throw new HttpError(400, 'The first row must name the columns (Valve ID, Plant, Type...).');
  }
  if (rows.length > MAX_SHEET_ROWS) {
    throw new HttpError(
      413,
      `The file has more than ${MAX_SHEET_ROWS.toLocaleString('en-US')} rows: split it and import the parts.`,
    );
  }
  const seen = new Set<string>();
  for (const name of columns) {
    if (name !== '' && seen.has(name.toLowerCase())) {
      throw new HttpError(400, `The column "${name}" appears twice in the first row: name each column once.`);
    }
    seen.add(name.toLowerCase());
  }
  return { columns, rows: rows.map((row) => row.slice(0, columns.length)) };
}
