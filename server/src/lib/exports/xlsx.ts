import { PassThrough, type Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { xlsxCell } from './cells';
import type { Cell } from './source';

/**
 * The writer's own heap (decisions/107): exceljs's garbage per row is collected at this size, not at the server's.
 * What one page of rows and the zip's state need is a few MB; the young generation is where that garbage dies.
 */
const WRITER_LIMITS = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 };

type WriterMessage = { bytes: Uint8Array } | { ready: true } | { done: true };

/** Until the download has taken what was written to it, or has gone away. */
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
 * The export as an .xlsx workbook written while the rows are read (exceljs's streaming writer, decisions/107), in a
 * worker thread (xlsx-writer.worker.mjs) so its garbage is collected in a small heap and the server's memory stays
 * flat. A page is read only when the worker has written the one before and the reader has taken what was written,
 * so neither a slow zip nor a slow download piles rows up.
 */
export function xlsxStream(
  sheetName: string,
  headers: readonly string[],
  widths: readonly (number | undefined)[],
  pages: AsyncIterable<Cell[][]>,
): Readable {
  const out = new PassThrough();
  const writer = new Worker(new URL('./xlsx-writer.worker.mjs', import.meta.url), {
    workerData: { sheetName, headers, widths },
    resourceLimits: WRITER_LIMITS,
  });
  let written: () => void = () => {};
  writer.on('message', (message: WriterMessage) => {
    if ('bytes' in message) out.write(message.bytes);
    else if ('ready' in message) written();
    else {
      out.end();
      void writer.terminate();
    }
  });
  writer.on('error', (error) => out.destroy(error));
  out.on('close', () => {
    void writer.terminate();
    written();
  });
  (async () => {
    for await (const rows of pages) {
      if (out.destroyed) return;
      const page = new Promise<void>((resolve) => {
        written = resolve;
      });
      writer.postMessage({ rows: rows.map((cells) => cells.map(xlsxCell)) });
      await page;
      if (out.writableNeedDrain) await roomIn(out);
      // An embedded database can answer a page without giving the event loop a turn: the worker's bytes wait for one.
      await nextTurn();
    }
    writer.postMessage({ end: true });
  })().catch((error: Error) => out.destroy(error));
  return out;
}
