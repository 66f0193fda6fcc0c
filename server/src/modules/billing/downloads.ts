import { PRICING, type ProductId } from '@common/billing';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { valves } from '../../db/schema';
import { heading, INK, MUTED, newPdf } from '../../lib/pdf-doc';
import { type Scope, valvesInScope } from '../../lib/scope';

type Section = { title: string; text: string | null };
type Chapter = { heading: string; sections: Section[] };

/**
 * A product as a PDF (A4, pdfkit's built-in faces): its title and intro, then a chapter per valve with the filled
 * sections of its documentation, as the valve's manuals hold them, each valve from a new page. Valves with nothing to
 * say are left out.
 */
async function productPdf(title: string, intro: string[], chapters: Chapter[]): Promise<Buffer> {
  const { doc, done, width } = newPdf({ Title: title, Subject: intro[0] ?? title });
  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text(title, { width });
  doc.moveDown(0.4).font('Helvetica').fontSize(11).fillColor(MUTED);
  for (const line of intro) doc.text(line, { width });
  for (const chapter of chapters) {
    const filled = chapter.sections.filter((s) => s.text?.trim());
    if (!filled.length) continue;
    // Each valve on pages of its own: the library is printed and filed per valve.
    doc.addPage();
    heading(doc, chapter.heading);
    for (const section of filled) {
      doc.moveDown(0.3).font('Helvetica-Bold').fontSize(10).fillColor(INK).text(section.title, { width });
      doc
        .font('Helvetica')
        .fontSize(10)
        .text((section.text ?? '').trim(), { width });
    }
  }
  doc.end();
  return done;
}

/**
 * The purchased products as real files, written from the organization's own valve documentation (what the
 * user may see, per plant): the manual library in full, or the emergency kit's safety texts.
 */
export async function productFile(
  db: Database,
  scope: Scope,
  productId: ProductId,
  organizationName: string,
  now = new Date(),
): Promise<{ fileName: string; content: Buffer }> {
  const rows = await db.select().from(valves).where(valvesInScope(scope)).orderBy(asc(valves.valveId));
  const product = PRICING.products[productId];
  const intro = [`${organizationName} · ${rows.length} valves · generated ${now.toISOString().slice(0, 10)}`];
  const chapterTitle = (v: (typeof rows)[number]) =>
    `${v.valveId} · ${v.type} · ${v.plant}, ${v.location} · ${v.manufacturer} ${v.model}`;
  if (productId === 'complete-library') {
    return {
      fileName: product.fileName,
      content: await productPdf(
        product.name,
        intro,
        rows.map((v) => ({
          heading: chapterTitle(v),
          sections: [
            { title: 'Specifications', text: v.specifications },
            { title: 'Operating manual', text: v.operatingManual },
            { title: 'Installation guide', text: v.installationGuide },
            { title: 'Maintenance procedure', text: v.maintenanceProcedure },
            { title: 'Troubleshooting guide', text: v.troubleshootingGuide },
            { title: 'Safety protocol', text: v.safetyProtocol },
            { title: 'Parts list', text: v.partsList },
            { title: 'Torque specifications', text: v.torqueSpecifications },
          ],
        })),
      ),
    };
  }
  return {
    fileName: product.fileName,
    content: await productPdf(
      product.name,
      [
        ...intro,
        '',
        'First steps in an emergency:',
        '1. Stop work that is not part of the emergency response and make your area safe.',
        '2. Contact your supervisor and follow their instructions.',
        "3. At a valve, follow its safety protocol below and the plant's lockout/tagout rules.",
        '4. Isolate, depressurise and drain before any valve is opened or removed.',
      ],
      rows.map((v) => ({
        heading: chapterTitle(v),
        sections: [
          { title: 'Safety protocol', text: v.safetyProtocol },
          { title: 'Troubleshooting guide', text: v.troubleshootingGuide },
        ],
      })),
    ),
  };
}
