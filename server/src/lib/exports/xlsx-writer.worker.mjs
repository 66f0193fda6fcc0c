// @ts-check
/**
 * The xlsx export's writer, run in a worker thread with a small heap of its own (lib/exports/xlsx.ts,
 * decisions/107). exceljs leaves garbage for every row, and in the server's large heap V8 lets it pile up before it
 * collects (+137 MB at 100,000 rows); a worker's heap is collected at its own size, so the peak stays flat.
 *
 * JavaScript, not TypeScript: a worker's file is loaded by Node's own loader, which reads no TypeScript on Node 20
 * (tsx's hooks do not reach a worker), and this file runs alike under the server, the tests and the bench.
 *
 * Messages in: { rows } (cells already neutralized, lib/exports/cells.ts), then { end: true }.
 * Messages out: { bytes } (a piece of the file, its buffer transferred), { ready: true } when the rows sent so far
 * are written and the zip has caught up (the next page may come), { done: true } after the last byte.
 */

import { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/** How an instant shows in Excel (the cell is a date, UTC, so it sorts and filters as one). */
const INSTANT_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** Rows between waits for the zip's input to drain: fewer bytes wait, and fewer outlive the young generation. */
const DRAIN_EVERY = 100;

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { sheetName, headers, widths } =
  /** @type {{ sheetName: string, headers: string[], widths: (number | undefined)[] }} */ (workerData);

/** The file's bytes go to the main thread as they are made. */
const out = new Writable({
  write(chunk, _encoding, callback) {
    const bytes = new Uint8Array(chunk.byteLength);
    bytes.set(chunk);
    port.postMessage({ bytes }, [bytes.buffer]);
    callback();
  },
  final(callback) {
    port.postMessage({ done: true });
    callback();
  },
});

/** @param {import('node:stream').Writable} stream */
const drained = (stream) => new Promise((resolve) => stream.once('drain', resolve));

/**
 * Where the sheet's XML waits for the zip, when it holds more than its share. exceljs's sheet stream writes on
 * without heeding backpressure, so a sheet read faster than deflate packs it piles up there. exceljs has no API to
 * ask, so the stream is read from its fields (archiver's streams are readable-stream's, older than Node's
 * writableNeedDrain); without them the export still works, only unbounded.
 * @param {ExcelJS.Worksheet} sheet
 * @returns {import('node:stream').Writable | undefined}
 */
function sheetBacklog(sheet) {
  const entry = /** @type {any} */ (sheet)._stream?.pipes?.[0];
  return (entry?.writableNeedDrain ?? entry?._writableState?.needDrain) ? entry : undefined;
}

const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
sheet.columns = headers.map((header, i) => ({ header, width: widths[i] ?? Math.max(12, header.length + 2) }));
sheet.getRow(1).font = { bold: true };
sheet.getRow(1).commit();

let written = 0;
/** Messages are taken one at a time, in order; a failure is the worker's error, which ends the download. */
let queue = Promise.resolve();

/** @param {{ rows?: (string | number | boolean | Date | null)[][], end?: boolean }} message */
async function take(message) {
  if (message.end) {
    sheet.commit();
    await workbook.commit();
    return;
  }
  for (const cells of message.rows ?? []) {
    const row = sheet.addRow(cells);
    cells.forEach((cell, i) => {
      if (cell instanceof Date) row.getCell(i + 1).numFmt = INSTANT_FORMAT;
    });
    row.commit();
    if (++written % DRAIN_EVERY === 0) {
      // The zip's deflate answers through the event loop: give it a turn, then wait while its input is full.
      await nextTurn();
      const backlog = sheetBacklog(sheet);
      if (backlog) await drained(backlog);
    }
  }
  port.postMessage({ ready: true });
}

port.on('message', (message) => {
  queue = queue.then(() => take(message));
});
