import { RELIEF_CODE_LABELS, type ReliefCode } from '@common/relief-valves/rules';
import { CERTIFICATE_KIND_LABELS, type ReliefTag, type ReliefTest } from '@common/schemas/relief-valves';
import type { Signature } from '@common/schemas/signatures';
import { plantDateTime, winAnsi } from '../../lib/pdf-text';
import { instrumentText, psi, repairNameplate, setConditions, stage } from './certificate-sections';
import { FAIL, facts, heading, INK, MARGIN, MUTED, open, room, table, width } from './pdf-layout';

/** Extra facts the certificate prints beside the record: the tag's next due date and asset ID, the plant's zone. */
export type CertificateContext = {
  nextDueOn: string | null;
  assetId: string | null;
  issuedAt: Date;
  /** The record's e-signatures and amendments, oldest first (issue 28: relief test records are signable). */
  signatures: Signature[];
  /** The zone of the tag's plant (UTC for a spare): the certificate's times are the plant's. */
  timeZone: string;
};

const MEANINGS = { performed: 'Performed', reviewed: 'Reviewed', approved: 'Approved' } as const;

/**
 * The test certificate of a record (docs/relief-valves.md): device and position, as-found and as-left tables with
 * the rule and tolerance of each figure, the work done, the nameplate as recorded and as found, the tester, the
 * shop's certificate and the instruments, signature lines, and the nameplate photo when there is one.
 */
export function certificatePdf(
  test: ReliefTest,
  nameplatePhoto: Buffer | null,
  context: CertificateContext,
): Promise<Buffer> {
  const { doc, done } = open(`Relief valve test certificate ${test.id}`);
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text('VALVEOPS · PRESSURE RELIEF VALVE TEST CERTIFICATE');
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(INK)
    .text(`${test.tag?.tag ?? 'Shop spare'} · S/N ${test.device.serialNumber}`);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(test.status === 'submitted' ? MUTED : FAIL)
    .text(
      `Record ${test.id} · tested ${test.testedOn} (${test.place}) · ${test.status === 'submitted' ? 'submitted' : 'DRAFT, not submitted'} · issued ${plantDateTime(context.issuedAt, context.timeZone)}`,
    );
  if (test.returnedToService === false) {
    doc
      .moveDown(0.3)
      .font('Helvetica-Bold')
      .fontSize(14)
      .fillColor(FAIL)
      .text(`Not returned to service${test.workOrder ? `: corrective work order ${test.workOrder.workOrderId}` : ''}`);
  }
  heading(doc, 'Device and position');
  const d = test.device;
  facts(doc, [
    ['Manufacturer / model', `${d.manufacturer} ${d.model}`],
    ['Serial number', d.serialNumber],
    ['Orifice', d.orifice],
    ['Inlet × outlet', `${d.inletSize} × ${d.outletSize}`],
    ['Set pressure', psi(test.setPressure)],
    ['Capacity', d.capacity],
    ['Code / stamp', `${RELIEF_CODE_LABELS[test.code as ReliefCode] ?? test.code} · ${d.codeStamp}`],
    ['Design / seat', `${d.design}, ${d.seatType} seat`],
    ['Tag / plant', test.tag ? `${test.tag.tag}, ${test.tag.plant}` : 'Spare (no tag)'],
    ['Asset ID', context.assetId ?? '—'],
    ['Next test due', context.nextDueOn ?? '—'],
    ['Protects', test.tag?.protectedEquipment ?? '—'],
    ['Test medium', test.medium],
    ['Inlet / outlet piping', test.work.piping ? `${test.work.piping.inlet} / ${test.work.piping.outlet}` : '—'],
  ]);
  if (test.setPressureNote) doc.font('Helvetica-Bold').fontSize(9).fillColor(FAIL).text(winAnsi(test.setPressureNote));
  heading(doc, 'Set conditions');
  setConditions(doc, test);
  stage(doc, 'As found', test, 'asFound', context.timeZone);
  heading(doc, 'Work done');
  const w = test.work;
  facts(doc, [
    ['Inspection', w.inspection.map((p) => `${p.part}: ${p.condition}${p.note ? ` (${p.note})` : ''}`).join('; ')],
    ['Parts replaced', w.partsReplaced.join(', ')],
    ['Adjustments', w.adjustments ?? ''],
    ['Seal / gag no.', w.sealNumber ?? ''],
    [
      'Repair nameplate',
      w.nameplateChange
        ? [
            w.nameplateChange.setPressure && `set ${psi(w.nameplateChange.setPressure)}`,
            w.nameplateChange.blowdownPercent != null && `blowdown ${w.nameplateChange.blowdownPercent}%`,
            w.nameplateChange.capacity && `capacity ${w.nameplateChange.capacity}`,
          ]
            .filter(Boolean)
            .join(', ')
        : test.certificate.kind === 'vr' && w.partsReplaced.length
          ? 'Fixed for the repair (below); set, blowdown and capacity unchanged'
          : 'None',
    ],
    ['Work order', test.workOrder?.workOrderId ?? ''],
  ]);
  stage(doc, 'As left', test, 'asLeft', context.timeZone);
  repairNameplate(doc, test);
  if (w.foundNameplate) {
    heading(doc, 'Nameplate: record and plate');
    const found = w.foundNameplate;
    const rows: [string, string, string][] = [
      ['Serial number', d.serialNumber, found.serialNumber ?? ''],
      ['Manufacturer', d.manufacturer, found.manufacturer ?? ''],
      ['Model', d.model, found.model ?? ''],
      ['Orifice', d.orifice, found.orifice ?? ''],
      ['Set pressure', psi(d.setPressure), found.setPressure ? psi(found.setPressure) : ''],
      ['Capacity', d.capacity, found.capacity ?? ''],
    ];
    table(
      doc,
      [
        { title: 'Field', share: 0.25 },
        { title: 'Record', share: 0.375 },
        { title: 'Plate as found', share: 0.375 },
      ],
      rows.filter((r) => r[2]).map((r) => [r[0], r[1], r[2]]),
    );
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        test.nameplateAccepted
          ? `Accepted into the device record by ${test.nameplateAccepted.by}, ${plantDateTime(test.nameplateAccepted.at, context.timeZone)}.`
          : 'Not yet accepted by an engineer: the device record is unchanged.',
      );
  }
  heading(doc, 'Tester, authority and instruments');
  facts(doc, [
    ['Tester', test.tester.name],
    ['Qualification', test.tester.qualification ?? 'none'],
    ['Certificate', `${CERTIFICATE_KIND_LABELS[test.certificate.kind]} ${test.certificate.number}`],
    ['Holder', test.certificate.holder],
    ['Gauge', instrumentText(test.gauge)],
    ['Bench', test.bench ? instrumentText(test.bench) : '—'],
  ]);
  if (nameplatePhoto) {
    // Large enough to read the plate's stamping on paper: an inspector compares it with the record above.
    room(doc, 290);
    heading(doc, 'Nameplate photo');
    doc.image(nameplatePhoto, MARGIN, doc.y, { fit: [320, 240] });
    doc.y += 246;
  }
  heading(doc, 'Electronic signatures');
  if (context.signatures.length) {
    table(
      doc,
      [
        { title: 'Printed name', share: 0.26 },
        { title: 'Date and time', share: 0.22 },
        { title: 'Meaning', share: 0.14 },
        { title: 'Note', share: 0.38 },
      ],
      context.signatures.map((s) => [
        s.printedName,
        plantDateTime(s.signedAt, context.timeZone),
        MEANINGS[s.meaning],
        [
          s.kind === 'amendment' ? `Amended after signing: ${s.amendmentText}` : '',
          s.contentHash ? `Signed content SHA-256 ${s.contentHash.slice(0, 16)}…` : '',
        ]
          .filter(Boolean)
          .join('\n'),
      ]),
      false,
    );
  } else {
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text('Not signed electronically.', MARGIN);
  }
  room(doc, 70);
  doc.moveDown(1.2);
  const y = doc.y + 24;
  const third = width(doc) / 3;
  ['Tested by (performed)', 'Reviewed by', 'Accepted by (owner / inspector)'].forEach((label, i) => {
    const x = MARGIN + i * third;
    doc
      .moveTo(x, y)
      .lineTo(x + third - 16, y)
      .strokeColor(INK)
      .stroke();
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${label}: name, date, signature`, x, y + 4, { width: third - 16 });
  });
  doc.end();
  return done;
}

/** The tag sheet hung on the valve: position, device, set pressure, last test and next due, big enough to read. */
export function tagSheetPdf(tag: ReliefTag): Promise<Buffer> {
  const { doc, done } = open(`Tag sheet ${tag.tag}`, 'A6');
  doc.page.margins.bottom = 20;
  doc.font('Helvetica-Bold').fontSize(26).fillColor(INK).text(tag.tag, { align: 'center' });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`${tag.plant} · ${tag.service}`, { align: 'center' });
  doc.moveDown(0.8);
  facts(
    doc,
    [
      ['Set pressure', psi(tag.setPressure)],
      ['Protects', tag.protectedEquipment],
      ['Valve S/N', tag.installed?.serialNumber ?? 'none installed'],
      ['Installed', tag.installed?.installedOn ?? '—'],
      ['Last tested', tag.lastTestedOn ?? '—'],
      ['Interval', `${tag.currentIntervalMonths} months (${tag.intervalRule})`],
    ],
    1,
  );
  doc.moveDown(1);
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor(tag.overdue ? FAIL : INK)
    .text(`NEXT TEST DUE ${tag.nextDueOn ?? '—'}`, MARGIN, doc.y, {
      align: 'center',
      width: width(doc),
    });
  doc.end();
  return done;
}
