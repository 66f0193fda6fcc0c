import { randomUUID } from 'node:crypto';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { Database } from '../db/client';
import { valveDocuments } from '../db/schema';
import type { KeepFile } from './images';

const DAY = 86_400_000;

export type DocumentValve = { id: number; valveId: string; type: string; manufacturer: string; model: string };

/** A one-page PDF with a fixed creation date, so the same demo makes the same file. */
function pdf(title: string, lines: string[], date: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: title, Author: 'ValveOps demo', CreationDate: date, ModDate: date },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#0f172a').text(title);
  doc.moveDown(0.8).font('Helvetica').fontSize(11);
  for (const line of lines) doc.text(line).moveDown(0.4);
  doc.end();
  return done;
}

/** A general-arrangement drawing of a valve body: a real PNG. */
function drawing(tag: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
  <rect width="900" height="600" fill="#f8fafc"/>
  <rect x="20" y="20" width="860" height="560" fill="none" stroke="#1e3a8a" stroke-width="3"/>
  <line x1="80" y1="330" x2="820" y2="330" stroke="#1e3a8a" stroke-width="2" stroke-dasharray="12 6"/>
  <rect x="120" y="290" width="660" height="80" fill="none" stroke="#1e3a8a" stroke-width="3"/>
  <ellipse cx="450" cy="330" rx="150" ry="110" fill="none" stroke="#1e3a8a" stroke-width="4"/>
  <rect x="420" y="130" width="60" height="90" fill="none" stroke="#1e3a8a" stroke-width="3"/>
  <line x1="330" y1="120" x2="570" y2="120" stroke="#1e3a8a" stroke-width="6"/>
  <text x="40" y="560" font-family="sans-serif" font-size="22" fill="#1e3a8a">GA drawing ${tag}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/**
 * Manuals, certificates and drawings on the first demo valves, as an engineer would have filed them. The files
 * depend only on the valves and `now`.
 */
export async function seedDemoDocuments(
  db: Database,
  options: { organizationId: number; uploadedBy: number; keep: KeepFile; now: number; valves: DocumentValve[] },
): Promise<number> {
  const rows: (typeof valveDocuments.$inferInsert)[] = [];
  const store = async (bytes: Buffer, extension: string, contentType: string) => {
    const storageKey = `${randomUUID()}.${extension}`;
    await options.keep(storageKey, bytes, contentType);
    return { storageKey, contentType, sizeBytes: bytes.length };
  };
  for (const [i, v] of options.valves.entries()) {
    const filed = new Date(options.now - (120 + i * 9) * DAY);
    const manual = await pdf(
      `${v.manufacturer} ${v.model}: installation, operation and maintenance`,
      [
        `Valve type: ${v.type}`,
        'Before maintenance: isolate the line, vent and drain the body, lock out the actuator.',
        'Packing: tighten the gland nuts evenly, a quarter turn at a time, to stop a stem leak.',
        'Seat leakage test to API 598 after any seat or trim work.',
        `Tag on this site: ${v.valveId}`,
      ],
      filed,
    );
    rows.push({
      organizationId: options.organizationId,
      valveId: v.id,
      name: `${v.manufacturer} ${v.model} manual.pdf`,
      kind: 'manual',
      ...(await store(manual, 'pdf', 'application/pdf')),
      uploadedBy: options.uploadedBy,
      createdAt: filed,
    });
    if (i % 2 === 0) {
      const tested = new Date(options.now - (30 + i * 5) * DAY);
      const certificate = await pdf(
        `Pressure test certificate, ${v.valveId}`,
        [
          `Valve: ${v.manufacturer} ${v.model} (${v.type})`,
          'Shell test: 1.5 x rated pressure, 3 minutes, no visible leakage.',
          'Seat test: 1.1 x rated pressure, leakage within API 598 allowance.',
          `Date of test: ${tested.toISOString().slice(0, 10)}`,
          'Result: PASS',
        ],
        tested,
      );
      rows.push({
        organizationId: options.organizationId,
        valveId: v.id,
        name: `Pressure test certificate ${v.valveId}.pdf`,
        kind: 'certificate',
        ...(await store(certificate, 'pdf', 'application/pdf')),
        uploadedBy: options.uploadedBy,
        createdAt: tested,
      });
    } else {
      rows.push({
        organizationId: options.organizationId,
        valveId: v.id,
        name: `GA drawing ${v.valveId}.png`,
        kind: 'drawing',
        ...(await store(await drawing(v.valveId), 'png', 'image/png')),
        uploadedBy: options.uploadedBy,
        createdAt: filed,
      });
    }
  }
  if (rows.length) await db.insert(valveDocuments).values(rows);
  return rows.length;
}
