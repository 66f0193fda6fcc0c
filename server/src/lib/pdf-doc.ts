import PDFDocument from 'pdfkit';
import { plantDateTime, winAnsi } from './pdf-text';

export const MARGIN = 48;
export const INK = '#0f172a';
export const MUTED = '#475569';
export const BRAND = '#1d4ed8';
export const BAD = '#b91c1c';
export const GOOD = '#15803d';

/** An A4 pdfkit document (the built-in Helvetica faces) and the promise of its bytes. */
export function newPdf(info: { Title: string; Subject: string }) {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { ...info, Author: 'ValveOps' } });
  // Every text of a report passes through winAnsi, as measured and as written, so no arrow or minus a user typed
  // prints as another glyph: one place, rather than at each of the report's lines.
  const write = doc.text.bind(doc);
  const measure = doc.heightOfString.bind(doc);
  doc.text = ((text: unknown, ...rest: unknown[]) =>
    (write as (...args: unknown[]) => PDFKit.PDFDocument)(
      typeof text === 'string' ? winAnsi(text) : text,
      ...rest,
    )) as typeof doc.text;
  doc.heightOfString = (text, options) => measure(winAnsi(text), options);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done, width: doc.page.width - 2 * MARGIN };
}

export function heading(doc: PDFKit.PDFDocument, text: string) {
  if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor(BRAND).text(text, MARGIN);
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor(INK);
}

/** Label / value lines in two columns. */
export function fields(doc: PDFKit.PDFDocument, rows: [string, string][]) {
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED).text(label, MARGIN, y, { width: 130 });
    doc
      .font('Helvetica')
      .fillColor(INK)
      .text(value || '—', MARGIN + 140, y, { width: doc.page.width - 2 * MARGIN - 140 });
    doc.moveDown(0.2);
  }
}

/** A simple table; a row that would cross the bottom margin starts a new page. */
export function table(
  doc: PDFKit.PDFDocument,
  columns: { title: string; width: number; align?: 'left' | 'right' }[],
  rows: { cells: string[]; color?: string }[],
) {
  const line = (cells: string[], bold: boolean, color = INK) => {
    const heights = cells.map((cell, i) =>
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9)
        .heightOfString(cell, { width: columns[i].width - 6 }),
    );
    const height = Math.max(...heights) + 6;
    if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9)
        .fillColor(bold ? MUTED : color);
      doc.text(cell, x + 3, y + 3, { width: columns[i].width - 6, align: columns[i].align ?? 'left' });
      x += columns[i].width;
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(x, y + height)
      .strokeColor('#e2e8f0')
      .lineWidth(0.5)
      .stroke();
    doc.y = y + height;
  };
  line(
    columns.map((c) => c.title),
    true,
  );
  for (const row of rows) line(row.cells, false, row.color);
  doc.x = MARGIN;
}

/** An amount in the organization's currency, to the cent: "$1,204.50". */
export const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);

/** Hours to the tenth ("14.0 h"), or a dash where there is no figure (no repair, no failure). */
export const hoursOrDash = (hours: number | null) => (hours === null ? '—' : `${hours.toFixed(1)} h`);

/** A moment on the plant's clock (the report is read at the plant, issue 29); UTC where no plant is known. */
export const dateTime = (iso: string | Date, timeZone?: string | null) => plantDateTime(iso, timeZone);
