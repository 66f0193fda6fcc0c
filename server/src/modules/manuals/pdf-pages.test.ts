import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ALL_MANUALS } from '@common/manuals/library';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualPdf } from './pdf';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'valveops-pdf-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Share of a grey page's pixels that are ink (darker than light grey). */
async function inkShare(png: string): Promise<number> {
  const { data } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (const value of data) if (value < 200) ink++;
  return ink / data.length;
}

// Every PDF the app makes is a manual (modules/manuals/pdf.ts): each is rendered as a reader would see it, and no
// page may be blank or carry only its footer (issue 17: a manual's second page held only "page 1 of 1").
describe('every manual PDF, rendered', () => {
  it('has no blank page', async () => {
    for (const manual of ALL_MANUALS) {
      const file = path.join(dir, `${manual.id}.pdf`);
      await writeFile(file, await manualPdf(manual));
      await run('pdftoppm', ['-png', '-gray', '-r', '30', file, path.join(dir, manual.id)]);
      const pages = (await readdir(dir)).filter((name) => name.startsWith(`${manual.id}-`) && name.endsWith('.png'));
      expect(pages.length, manual.id).toBeGreaterThan(0);
      const { stdout } = await run('pdfinfo', [file]);
      expect(Number(/Pages:\s+(\d+)/.exec(stdout)?.[1]), manual.id).toBe(pages.length);
      for (const page of pages) {
        // A footer alone inks well under 0.5% of a page; the lightest real page of the library inks several %.
        expect(await inkShare(path.join(dir, page)), `${manual.id} ${page}`).toBeGreaterThan(0.005);
      }
    }
  });
});
