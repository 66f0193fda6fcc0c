import { PRICING, type ProductId } from '@common/billing';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { valves } from '../../db/schema';
import { type Scope, valvesInScope } from '../../lib/scope';

type Section = { title: string; text: string | null };

const rule = '='.repeat(72);

function document(title: string, intro: string[], chapters: { heading: string; sections: Section[] }[]): string {
  const lines = [rule, title, rule, ...intro, ''];
  for (const chapter of chapters) {
    const filled = chapter.sections.filter((s) => s.text?.trim());
    if (!filled.length) continue;
    lines.push('', rule, chapter.heading, rule);
    for (const section of filled) lines.push('', `${section.title.toUpperCase()}:`, (section.text ?? '').trim());
  }
  return `${lines.join('\n')}\n`;
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
): Promise<{ fileName: string; content: string }> {
  const rows = await db.select().from(valves).where(valvesInScope(scope)).orderBy(asc(valves.valveId));
  const product = PRICING.products[productId];
  const intro = [`${organizationName} · ${rows.length} valves · generated ${now.toISOString().slice(0, 10)}`];
  const heading = (v: (typeof rows)[number]) =>
    `${v.valveId} · ${v.type} · ${v.plant}, ${v.location} · ${v.manufacturer} ${v.model}`;
  if (productId === 'complete-library') {
    return {
      fileName: product.fileName,
      content: document(
        product.name,
        intro,
        rows.map((v) => ({
          heading: heading(v),
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
    content: document(
      product.name,
      [
        ...intro,
        '',
        'FIRST STEPS IN AN EMERGENCY:',
        '1. Stop work that is not part of the emergency response and make your area safe.',
        '2. Contact your supervisor and follow their instructions.',
        "3. At a valve, follow its safety protocol below and the plant's lockout/tagout rules.",
        '4. Isolate, depressurise and drain before any valve is opened or removed.',
      ],
      rows.map((v) => ({
        heading: heading(v),
        sections: [
          { title: 'Safety protocol', text: v.safetyProtocol },
          { title: 'Troubleshooting guide', text: v.troubleshootingGuide },
        ],
      })),
    ),
  };
}
