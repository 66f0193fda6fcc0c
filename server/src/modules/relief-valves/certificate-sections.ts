import { blowdownPercent, type TestMedium } from '@common/relief-valves/rules';
import {
  builtUpBackPressureWarning,
  coldDifferentialTestPressure,
  steamSetOnAir,
} from '@common/relief-valves/set-conditions';
import type { ReliefTest } from '@common/schemas/relief-valves';
import { plantDateTime, winAnsi } from '../../lib/pdf-text';
import { type Doc, FAIL, facts, heading, INK, MARGIN, MUTED, PASS, room, table } from './pdf-layout';

/* The sections of the test certificate (pdf.ts): a stage's readings and verdicts, set conditions, the repair plate. */

export const psi = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : `${Math.round(v * 100) / 100} psi`;

export function stage(doc: Doc, title: string, test: ReliefTest, which: 'asFound' | 'asLeft', timeZone: string) {
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
    [
      'Seat test',
      // "API 527 water, water" said the medium twice: named once, in the method where it is there.
      seat
        ? [
            seat.method ?? 'API 527',
            seat.method?.includes(seat.medium) ? null : seat.medium,
            `held ${psi(seat.heldPressure)}`,
          ]
            .filter(Boolean)
            .join(', ')
        : '—',
    ],
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
        ? `${title}: ${test.override.verdict.toUpperCase()} by engineer review (rule said ${judged.verdict.toUpperCase()}): ${test.override.reason} (${test.override.by}, ${plantDateTime(test.override.at, timeZone)})`
        : `${title}: ${judged.verdict.toUpperCase()}${which === 'asLeft' && judged.verdict === 'fail' ? ': NOT RETURNED TO SERVICE' : ''}`,
      MARGIN,
    );
}

/** A gauge or bench as the certificate names it: range and accuracy where a gauge has them, both calibration dates. */
export const instrumentText = (i: NonNullable<ReliefTest['bench']>) =>
  [
    i.identifier,
    ...(i.kind === 'gauge'
      ? [
          i.rangeMax != null ? `0-${i.rangeMax} ${i.rangeUnit}` : 'range not recorded',
          i.accuracyPercent != null ? `±${i.accuracyPercent}% of full scale` : 'accuracy not recorded',
        ]
      : [i.description]),
    i.calibratedOn ? `calibrated ${i.calibratedOn}` : 'last calibration not recorded',
    `calibration due ${i.calibrationDueOn}`,
  ].join(', ');

/**
 * The set conditions (common/relief-valves/set-conditions.ts): service, CDTP and its basis, back pressure, and the
 * correction of a steam valve set on air; a warning in red where a limit is passed or a correction is missing.
 */
export function setConditions(doc: Doc, test: ReliefTest) {
  const d = { ...test.device, setPressure: test.setPressure };
  const cdtp = coldDifferentialTestPressure(d);
  facts(doc, [
    ['Service', d.serviceFluid ?? 'not recorded'],
    ['CDTP', `${psi(cdtp.value)} (${cdtp.basis})`],
    [
      'Back pressure',
      d.superimposedBackPressure == null && d.builtUpBackPressure == null
        ? 'not recorded'
        : `superimposed ${d.superimposedBackPressure == null ? 'not recorded' : psi(d.superimposedBackPressure)}, built-up ${d.builtUpBackPressure == null ? 'not recorded' : psi(d.builtUpBackPressure)}`,
    ],
  ]);
  if (cdtp.value !== d.setPressure) {
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text('The verdicts below compare the opening with the set pressure, not with the CDTP.', MARGIN);
  }
  const onAir = steamSetOnAir(d, test.medium as TestMedium, test.work.airSetCorrection);
  const warnings = [builtUpBackPressureWarning(d), onAir?.missing ? onAir.text : null].filter(Boolean) as string[];
  if (onAir && !onAir.missing) doc.font('Helvetica').fontSize(9).fillColor(INK).text(winAnsi(onAir.text), MARGIN);
  for (const warning of warnings) doc.font('Helvetica-Bold').fontSize(9).fillColor(FAIL).text(winAnsi(warning), MARGIN);
}

/** Parts replaced or a repair nameplate: a repair. */
const repaired = (w: ReliefTest['work']) => w.partsReplaced.length > 0 || Boolean(w.nameplateChange);

/**
 * The repair nameplate a VR holder fixes to a valve it repaired (NBIC Part 3, VR repair nameplate): the repairer and
 * its VR number, the repair's identifier and date, the set pressure, and blowdown and capacity where changed. Printed
 * whenever a repair was done under a VR certificate, whether or not the set changed.
 */
export function repairNameplate(doc: Doc, test: ReliefTest) {
  const w = test.work;
  if (test.certificate.kind !== 'vr' || !repaired(w)) return;
  heading(doc, 'Repair nameplate (NBIC Part 3, VR)');
  const change = w.nameplateChange;
  facts(doc, [
    ['Repaired by', test.certificate.holder],
    ['VR certificate', test.certificate.number],
    ['Repair no.', `${test.certificate.number}-${test.id}`],
    ['Date of repair', test.testedOn],
    [
      'Set pressure',
      change?.setPressure
        ? `${psi(change.setPressure)} (changed from ${psi(test.setPressure)})`
        : psi(test.setPressure),
    ],
    ['Blowdown', change?.blowdownPercent != null ? `${change.blowdownPercent}% (changed)` : 'unchanged'],
    ['Capacity', change?.capacity ? `${change.capacity} (changed)` : 'unchanged'],
    ['Seal no.', w.sealNumber ?? 'not recorded'],
  ]);
}
