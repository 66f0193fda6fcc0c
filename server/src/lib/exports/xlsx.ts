import { PassThrough, type Readable, type Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { xlsxCell } from './cells';
import type { Cell } from './source';

/** How an instant shows in Excel (the cell is a date, UTC, so it sorts and filters as one). */
const INSTANT_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** Rows between waits for the zip's input to drain: fewer bytes wait, and fewer outlive the young generation. */
const DRAIN_EVERY = 100;

/** Until the stream has passed on what was written to it, or the download has gone away. */
const roomIn = (stream: Writable, out: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      out.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    out.on('close', done);
  });

/** archiver's streams are readable-stream's, older than Node's writableNeedDrain: their state says it. */
type ZipEntryStream = Writable & { _writableState?: { needDrain?: boolean } };

/**
 * Where the sheet's XML waits for the zip, when it holds more than its share. exceljs's sheet stream writes on
 * without heeding backpressure, so a sheet read faster than deflate packs it piles up there (+171 MB at 100,000
 * rows, bench/exports.ts). exceljs has no API to ask, so the stream is read from its fields; without them the
 * export still works, only unbounded.
 */
function sheetBacklog(sheet: ExcelJS.Worksheet): Writable | undefined {
  const entry = (sheet as unknown as { _stream?: { pipes?: ZipEntryStream[] } })._stream?.pipes?.[0];
  return (entry?.writableNeedDrain ?? entry?._writableState?.needDrain) ? entry : undefined;
}

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
  // The zip's deflate answers through the event loop; an embedded database can answer a page without giving it a
  // turn, and the whole file would then wait in the zip's buffers until the last row.
  const zipCaughtUp = async () => {
    await nextTurn();
    const backlog = sheetBacklog(sheet);
    if (backlog) await roomIn(backlog, out);
  };
  (async () => {
    let written = 0;
    for await (const rows of pages) {
      if (out.destroyed) return;
      for (const cells of rows) {
        const row = sheet.addRow(cells.map(xlsxCell));
        cells.forEach((cell, i) => {
          if (cell instanceof Date) row.getCell(i + 1).numFmt = INSTANT_FORMAT;
        });
        row.commit();
        if (++written % DRAIN_EVERY === 0) await zipCaughtUp();
      }
      if (out.writableNeedDrain) await roomIn(out, out);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: Error) => out.destroy(error));
  return out;
}
