import { PassThrough, type Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { xlsxCell } from './cells';
import type { Cell } from './source';

/** How an instant shows in Excel (the cell is a date, UTC, so it sorts and filters as one). */
const INSTANT_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** Until the reader has taken what was written (or gone away). */
const roomIn = (out: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });

/**
 * The export as an .xlsx workbook written while the rows are read (exceljs's streaming writer, decisions/107): each
 * row is committed as soon as it is added, so only the zip's buffers are held, not the sheet. A page is read only
 * when the reader has taken what was written, so a slow download does not pile rows up in memory.
 */
export function xlsxStream(
  sheetName: string,
  headers: readonly string[],
  widths: readonly (number | undefined)[],
  pages: AsyncIterable<Cell[][]>,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = headers.map((header, i) => ({ header, width: widths[i] ?? Math.max(12, header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  (async () => {
    for await (const rows of pages) {
      if (out.destroyed) return;
      for (const cells of rows) {
        const row = sheet.addRow(cells.map(xlsxCell));
        cells.forEach((cell, i) => {
          if (cell instanceof Date) row.getCell(i + 1).numFmt = INSTANT_FORMAT;
        });
        row.commit();
      }
      // The zip's deflate answers through the event loop; an embedded database can answer a page without giving
      // it a turn, and the whole file would then wait in the zip's buffers until the last row.
      await nextTurn();
      if (out.writableNeedDrain) await roomIn(out);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: Error) => out.destroy(error));
  return out;
}
