import Papa from 'papaparse';
import type { RowProblem } from './csv-mapping';

/** The spreadsheet row of the first data row: row 1 is the header, as the file shows in a spreadsheet. */
export const FIRST_DATA_ROW = 2;

export type CsvFile = { name: string; headers: string[]; rows: Record<string, string>[]; problems: RowProblem[] };

/**
 * Reads a CSV with papaparse: header row, delimiter guessed (comma, semicolon, tab), quoted fields, byte order
 * mark. Values stay text (the mapping reads them). A row papaparse cannot read (an unclosed quote) is reported.
 */
export function parseCsvFile(file: File): Promise<CsvFile> {
  return new Promise((resolve, reject) => {
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      transformHeader: (header) => header.trim(),
      complete: ({ data, errors, meta }) => {
        const problems = errors
          .filter((error) => error.type === 'Quotes' && error.row !== undefined)
          .map((error) => ({ row: (error.row ?? 0) + FIRST_DATA_ROW, reason: error.message.toLowerCase() }));
        resolve({ name: file.name, headers: (meta.fields ?? []).filter(Boolean), rows: data, problems });
      },
      error: (error) => reject(error),
    });
  });
}
