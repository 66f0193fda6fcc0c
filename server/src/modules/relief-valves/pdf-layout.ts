import PDFDocument from 'pdfkit';
import { winAnsi } from '../../lib/pdf-text';

/* The page layout of the relief valve PDFs (certificate, tag sheet): headings, label-value facts, verdict tables. */

export const MARGIN = 40;
export const INK = '#0f172a';
export const MUTED = '#475569';
const RULE = '#cbd5e1';
export const PASS = '#15803d';
export const FAIL = '#b91c1c';

export type Doc = InstanceType<typeof PDFDocument>;

export function open(title: string, size: string | [number, number] = 'A4') {
  const doc = new PDFDocument({ size, margin: MARGIN, info: { Title: title, Author: 'ValveOps' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

export const width = (doc: Doc) => doc.page.width - 2 * MARGIN;

/** A new page when fewer than `height` points are left, so a table row or block never splits. */
export function room(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
}

export function heading(doc: Doc, text: string) {
  room(doc, 40);
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11).fillColor(INK).text(text.toUpperCase(), MARGIN);
  doc
    .moveTo(MARGIN, doc.y + 2)
    .lineTo(MARGIN + width(doc), doc.y + 2)
    .strokeColor(RULE)
    .stroke();
  doc.moveDown(0.4);
}

/** Label and value pairs, in two columns on a page and one on the small tag sheet. */
export function facts(doc: Doc, pairs: [string, string][], columns = 2) {
  const column = width(doc) / columns;
  const labelWidth = columns === 2 ? 95 : 80;
  const valueWidth = column - labelWidth - 9;
  for (let i = 0; i < pairs.length; i += columns) {
    // The whole row on one page: a value that wraps past the foot would spill its lines onto the next page apart.
    const heights = pairs.slice(i, i + columns).map(([label, value]) =>
      Math.max(
        doc.font('Helvetica').fontSize(8).heightOfString(winAnsi(label), { width: labelWidth }),
        doc
          .font('Helvetica')
          .fontSize(9)
          .heightOfString(winAnsi(value || '—'), { width: valueWidth }),
      ),
    );
    room(doc, Math.max(16, ...heights) + 2);
    const y = doc.y;
    let bottom = y;
    pairs.slice(i, i + columns).forEach(([label, value], k) => {
      const x = MARGIN + k * column;
      doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(winAnsi(label), x, y, { width: labelWidth });
      // A label that wraps is as tall as its value: the next row starts below whichever is taller.
      bottom = Math.max(bottom, doc.y);
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(INK)
        .text(winAnsi(value || '—'), x + labelWidth + 3, y, { width: valueWidth });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 2;
  }
  doc.x = MARGIN;
}

/** A table; the last column is a verdict, coloured, unless `verdicts` is false (the signatures' table). */
export function table(doc: Doc, columns: { title: string; share: number }[], rows: string[][], verdicts = true) {
  const total = width(doc);
  const xs = [MARGIN];
  for (const column of columns) xs.push(xs[xs.length - 1] + column.share * total);
  const row = (cells: string[], header: boolean) => {
    const heights = cells.map((cell, i) =>
      doc
        .font(header ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(8)
        .heightOfString(winAnsi(cell), { width: xs[i + 1] - xs[i] - 6 }),
    );
    const h = Math.max(...heights) + 6;
    room(doc, h);
    const y = doc.y;
    if (header) doc.rect(MARGIN, y, total, h).fill('#f1f5f9');
    cells.forEach((cell, i) => {
      const verdict = verdicts && !header && i === cells.length - 1;
      doc
        .font(header || verdict ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(8)
        .fillColor(verdict ? (cell === 'PASS' ? PASS : FAIL) : INK)
        .text(winAnsi(cell), xs[i] + 3, y + 3, { width: xs[i + 1] - xs[i] - 6 });
    });
    doc
      .moveTo(MARGIN, y + h)
      .lineTo(MARGIN + total, y + h)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + h;
  };
  row(
    columns.map((c) => c.title),
    true,
  );
  for (const cells of rows) row(cells, false);
  doc.x = MARGIN;
}
