import Papa from 'papaparse';
import { csvCell } from './cells';
import type { Cell } from './source';

/**
 * The export as CSV text, a page at a time (RFC 4180 quoting by papaparse, CRLF lines): the headings, then each
 * page's rows as they are read. Read as a stream, the next page is read only when the last was taken.
 */
export async function* csvChunks(headers: readonly string[], pages: AsyncIterable<Cell[][]>): AsyncGenerator<string> {
  yield Papa.unparse([headers.map(csvCell)]);
  for await (const rows of pages) yield `\r\n${Papa.unparse(rows.map((row) => row.map(csvCell)))}`;
  yield '\r\n';
}
