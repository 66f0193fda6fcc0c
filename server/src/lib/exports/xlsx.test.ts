import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Cell } from './source';
import { xlsxStream } from './xlsx';

/** `count` pages of `size` rows: a number, a text, an instant; `onPage` hears each page as it is read. */
async function* pagesOf(count: number, size: number, onPage: (n: number) => void = () => {}) {
  for (let page = 0; page < count; page++) {
    onPage(page);
    yield Array.from({ length: size }, (_, i): Cell[] => {
      const n = page * size + i;
      return [n, `=row ${n}`, new Date(Date.UTC(2026, 10, 29, 0, 0, n % 60))];
    });
  }
}

describe('xlsxStream (the writer in its worker thread)', () => {
  it('writes every page, in order, with numbers, neutralized text and date cells', async () => {
    const file = await buffer(xlsxStream('Rows', ['N', 'Text', 'At'], [8], pagesOf(3, 250)));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Rows');
    expect(sheet?.rowCount).toBe(751);
    expect(sheet?.getRow(1).values).toEqual([undefined, 'N', 'Text', 'At']);
    expect(sheet?.getRow(751).getCell(1).value).toBe(749);
    expect(sheet?.getRow(2).getCell(2).value).toBe("'=row 0");
    expect(sheet?.getRow(2).getCell(3).value).toEqual(new Date(Date.UTC(2026, 10, 29)));
    expect(sheet?.getRow(2).getCell(3).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
  });

  it('ends the file with an error when reading the rows fails, so the download is cut, not passed as whole', async () => {
    async function* failing() {
      yield* pagesOf(1, 10);
      throw new Error('the database went away');
    }
    await expect(buffer(xlsxStream('Rows', ['N', 'Text', 'At'], [], failing()))).rejects.toThrow(
      'the database went away',
    );
  });

  it('stops reading pages once the download has gone away', async () => {
    const read: number[] = [];
    const stream = xlsxStream(
      'Rows',
      ['N', 'Text', 'At'],
      [],
      pagesOf(1000, 1000, (n) => read.push(n)),
    );
    await new Promise((resolve) => stream.once('data', resolve));
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = read.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(read.length).toBe(after);
    expect(after).toBeLessThan(1000);
  });
});
