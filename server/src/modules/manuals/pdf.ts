import { parseManualText } from '@common/manuals/manual-text';
import type { Manual } from '@common/schemas/manuals';
import PDFDocument from 'pdfkit';

/** Printed on every manual: the product the PDF comes from. */
export const PRODUCT_NAME = 'ValveOps';

const MARGIN = 56;
const INK = '#0f172a';
const MUTED = '#475569';
const BRAND = '#1d4ed8';

/**
 * A manual as a PDF (A4, the standard Helvetica faces pdfkit carries, so nothing is read from disk): a title block
 * with the product's name and the manual's version, then each section in the house text format, headings,
 * numbered steps and bullets as the manual dialog shows them.
 */
export function manualPdf(manual: Manual): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Kept until the end so each page gets its "page n of N" footer once the count is known.
    bufferPages: true,
    info: {
      Title: manual.title,
      Author: PRODUCT_NAME,
      Subject: `${manual.type} · version ${manual.version}`,
      Keywords: manual.compliance.join(', '),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  doc.font('Helvetica-Bold').fontSize(10).fillColor(BRAND).text(`${PRODUCT_NAME} Manual Library`.toUpperCase());
  doc.moveDown(0.4);
  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text(manual.title, { width });
  doc.moveDown(0.3);
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(MUTED)
    .text(`Version ${manual.version} · Updated ${manual.lastUpdated} · ${manual.type} · ${manual.category}`);
  doc.text(`Compliance: ${manual.compliance.join(', ')}`);
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(12).fillColor(INK).text(manual.description, { width });

  for (const section of manual.sections) {
    doc.moveDown(1);
    doc.font('Helvetica-Bold').fontSize(15).fillColor(BRAND).text(section.title);
    doc.moveDown(0.3);
    for (const block of parseManualText(section.content)) {
      if (block.kind === 'heading') {
        doc.moveDown(0.4).font('Helvetica-Bold').fontSize(11).fillColor(INK).text(block.text);
      } else if (block.kind === 'steps') {
        doc.font('Helvetica').fontSize(11).fillColor(INK);
        for (const step of block.items) doc.text(`${step.number}.  ${step.text}`, { indent: 12, width });
      } else if (block.kind === 'bullets') {
        doc.font('Helvetica').fontSize(11).fillColor(INK);
        for (const item of block.items) doc.text(`•  ${item}`, { indent: 12, width });
      } else {
        doc.font('Helvetica').fontSize(11).fillColor(INK).text(block.text, { width });
      }
    }
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin: with the margin in force pdfkit would start a new, blank page for it.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(
        `${PRODUCT_NAME} · ${manual.title} · version ${manual.version} · page ${i + 1} of ${range.count}`,
        MARGIN,
        doc.page.height - MARGIN + 16,
        { width, align: 'center', lineBreak: false },
      );
  }
  doc.end();
  return done;
}
