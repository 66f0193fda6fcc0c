import { blowdownPercent, RELIEF_CODE_LABELS, type ReliefCode } from '@common/relief-valves/rules';
import { PLANT_TIME_ZONES } from '@common/schemas/maintenance-plans';
import { CERTIFICATE_KIND_LABELS, type ReliefTag, type ReliefTest } from '@common/schemas/relief-valves';
import {
  type Doc,
  FAIL,
  facts,
  heading,
  INK,
  MARGIN,
  MUTED,
  open,
  PASS,
  plain,
  room,
  table,
  width,
} from './pdf-layout';

/** Extra facts the certificate prints beside the record: the tag's next due date and asset ID, the plant's zone. */
export type CertificateContext = { nextDueOn: string | null; assetId: string | null; issuedAt: Date };

const psi = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : `${Math.round(v * 100) / 100} psi`;

function stage(doc: Doc, title: string, test: ReliefTest, which: 'asFound' | 'asLeft') {
  const pop = test.work[which];
  const judged = which === 'asFound' ? test.asFoundJudgement : test.asLeftJudgement;
  heading(doc, title);
  if (!pop || !judged) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('Not tested.');
    return;
  }
  const seat = which === 'asFound' ? test.work.asFoundSeat : test.work.asLeftSeat;
  facts(doc, [
    ['Opening', psi(pop.opening)],
    ['Simmer', psi(pop.simmer)],
    ['Reseat', psi(pop.reseat)],
    [
      // Measured (ASME PTC 25): opening minus reseat, in pressure and as a share of set.
      'Blowdown',
      pop.opening !== null && pop.reseat != null
        ? `${Math.round((pop.opening - pop.reseat) * 100) / 100} psi (${blowdownPercent(test.setPressure, pop.opening, pop.reseat)}% of set)`
        : 'not measured',
    ],
    ['Seat test', seat ? `${seat.method ?? 'API 527'}, ${seat.medium}, held ${psi(seat.heldPressure)}` : '—'],
    [
      'Leakage',
      seat
        ? seat.bubblesPerMinute != null
          ? `${seat.bubblesPerMinute} bubbles/min`
          : seat.leakageCm3PerHour != null
            ? `${seat.leakageCm3PerHour} cm³/h`
            : seat.leakSeen == null
              ? 'not recorded'
              : seat.leakSeen
                ? 'seen'
                : 'none seen'
        : '—',
    ],
  ]);
  doc.moveDown(0.3);
  table(
    doc,
    [
      { title: 'Check', share: 0.16 },
      { title: 'Found', share: 0.3 },
      { title: 'Rule and tolerance', share: 0.42 },
      { title: 'Verdict', share: 0.12 },
    ],
    judged.judgements.map((j) => [j.check, j.detail, j.rule, j.verdict.toUpperCase()]),
  );
  const overridden = which === 'asFound' && test.override;
  room(doc, 18);
  doc
    .moveDown(0.3)
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor((overridden ? test.override?.verdict : judged.verdict) === 'fail' ? FAIL : PASS)
    .text(
      overridden && test.override
        ? `${title}: ${test.override.verdict.toUpperCase()} by engineer review (rule said ${judged.verdict.toUpperCase()}): ${test.override.reason} (${test.override.by}, ${plantTime(test.override.at, test.tag?.plant)})`
        : `${title}: ${judged.verdict.toUpperCase()}${which === 'asLeft' && judged.verdict === 'fail' ? ': NOT RETURNED TO SERVICE' : ''}`,
      MARGIN,
    );
}

/** A moment as the plant's clock shows it, with the zone named. */
function plantTime(at: Date | string, plant: string | undefined) {
  const timeZone = PLANT_TIME_ZONES[plant as keyof typeof PLANT_TIME_ZONES] ?? 'UTC';
  const text = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(new Date(at));
  return text.replace(',', '');
}

const gaugeText = (g: ReliefTest['gauge']) =>
  [
    g.identifier,
    g.rangeMax != null ? `0-${g.rangeMax} ${g.rangeUnit}` : 'range not recorded',
    g.accuracyPercent != null ? `±${g.accuracyPercent}% of full scale` : 'accuracy not recorded',
    `calibration due ${g.calibrationDueOn}`,
  ].join(', ');

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
  const plant = test.tag?.plant;
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
      `Record ${test.id} · tested ${test.testedOn} (${test.place}) · ${test.status === 'submitted' ? 'submitted' : 'DRAFT, not submitted'} · issued ${plantTime(context.issuedAt, plant)}`,
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
  if (test.setPressureNote) doc.font('Helvetica-Bold').fontSize(9).fillColor(FAIL).text(plain(test.setPressureNote));
  stage(doc, 'As found', test, 'asFound');
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
        : 'None',
    ],
    ['Work order', test.workOrder?.workOrderId ?? ''],
  ]);
  stage(doc, 'As left', test, 'asLeft');
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
          ? `Accepted into the device record by ${test.nameplateAccepted.by}, ${plantTime(test.nameplateAccepted.at, plant)}.`
          : 'Not yet accepted by an engineer: the device record is unchanged.',
      );
  }
  heading(doc, 'Tester, authority and instruments');
  facts(doc, [
    ['Tester', test.tester.name],
    ['Qualification', test.tester.qualification ?? 'none'],
    ['Certificate', `${CERTIFICATE_KIND_LABELS[test.certificate.kind]} ${test.certificate.number}`],
    ['Holder', test.certificate.holder],
    ['Gauge', gaugeText(test.gauge)],
    ['Bench', test.bench ? `${test.bench.identifier}, calibration due ${test.bench.calibrationDueOn}` : '—'],
  ]);
  if (nameplatePhoto) {
    room(doc, 150);
    heading(doc, 'Nameplate photo');
    doc.image(nameplatePhoto, MARGIN, doc.y, { fit: [200, 130] });
    doc.y += 136;
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
