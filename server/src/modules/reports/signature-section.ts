import { SIGNING_TEXTS } from '@common/offline-signing';
import type { Signature, SignedChange } from '@common/schemas/signatures';
import { BAD, dateTime, heading, MARGIN, MUTED, table } from '../../lib/pdf-doc';

const MEANINGS = { performed: 'Performed', reviewed: 'Reviewed', approved: 'Approved' } as const;
const shown = (value: SignedChange['now']) => (value === null || value === '' ? '(none)' : String(value));

/**
 * The report's signatures (issue 27 item 3): each with what it signed by its content hash, an amendment as
 * "Amended after signing" with who and why, and for a signature whose record changed since, the signed value
 * beside the value now, so the reader has both versions.
 */
export function signatureSection(doc: PDFKit.PDFDocument, width: number, signatures: Signature[], timeZone: string) {
  heading(doc, 'Signatures');
  // An unsigned order says so, without an empty table under it.
  if (!signatures.length) {
    doc.text('Not signed.', MARGIN);
    return;
  }
  table(
    doc,
    [
      { title: 'Printed name', width: 130 },
      { title: 'Date and time', width: 110 },
      { title: 'Meaning', width: 70 },
      { title: 'Note', width: width - 310 },
    ],
    signatures.map((s) => ({
      cells: [
        s.printedName,
        dateTime(s.signedAt, timeZone),
        MEANINGS[s.meaning],
        [
          s.kind === 'amendment' ? `Amended after signing: ${s.amendmentText}` : '',
          // decisions/121: the time is the device's, the signature checked when the completion arrived.
          s.signedOffline ? SIGNING_TEXTS.signedOffline : '',
          s.contentHash ? `Signed content SHA-256 ${s.contentHash.slice(0, 16)}…` : '',
        ]
          .filter(Boolean)
          .join('\n'),
      ],
    })),
  );
  for (const s of signatures) {
    if (!s.changesSinceSigning?.length) continue;
    const amended = signatures.some((a) => a.kind === 'amendment' && a.id > s.id);
    doc.moveDown(0.6);
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(amended ? MUTED : BAD)
      .text(
        `${amended ? 'Amended after signing' : 'Changed after signing, with no amendment'}: as ${s.printedName} signed it on ${dateTime(s.signedAt, timeZone)}, and now`,
        MARGIN,
        undefined,
        { width },
      );
    doc.moveDown(0.2);
    table(
      doc,
      [
        { title: 'Field', width: 130 },
        { title: 'As signed', width: (width - 130) / 2 },
        { title: 'Now', width: (width - 130) / 2 },
      ],
      s.changesSinceSigning.map((c) => ({ cells: [c.field, shown(c.signed), shown(c.now)] })),
    );
  }
}
