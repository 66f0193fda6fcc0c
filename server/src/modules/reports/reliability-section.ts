import type { DowntimePeriod, FailureReport, ReliabilityGroupRow, ValveReliability } from '@common/schemas/reliability';
import type { Database } from '../../db/client';
import { dateTime, fields, heading, hoursOrDash, MUTED, money, table } from '../../lib/pdf-doc';
import type { Scope } from '../../lib/scope';
import type { CostsOf } from '../costs';
import { badActors, downtimeOfWorkOrder, failureOfWorkOrder, reliabilityGroups } from '../reliability';

/** How many of the year's bad actors the monthly report lists: the head of the Pareto a supervisor acts on. */
const MONTHLY_BAD_ACTORS = 5;

const coded = (code: string | null, label: string | null) => (code ? `${code} · ${label ?? code}` : 'Not recorded');

export type WorkOrderFailure = { failure: FailureReport | null; downtime: DowntimePeriod[] };

export async function gatherFailure(db: Database, scope: Scope, id: number): Promise<WorkOrderFailure> {
  const [failure, downtime] = await Promise.all([
    failureOfWorkOrder(db, scope, id),
    downtimeOfWorkOrder(db, scope, id),
  ]);
  return { failure, downtime };
}

/** The closed work order's failure report (ISO 14224 codes with their labels) and downtime, where there is some. */
export function failureSection(
  doc: PDFKit.PDFDocument,
  width: number,
  { failure, downtime }: WorkOrderFailure,
  zone: string,
) {
  if (!failure && !downtime.length) return;
  heading(doc, 'Failure and downtime');
  if (failure) {
    fields(doc, [
      ['Failure mode', coded(failure.mode, failure.labels.mode)],
      ['Mechanism', coded(failure.mechanism, failure.labels.mechanism)],
      ['Cause', coded(failure.cause, failure.labels.cause)],
      ['Remedy', coded(failure.remedy, failure.labels.remedy)],
      ['Detected by', coded(failure.detectedBy, failure.labels.detectedBy)],
      ['Failed', dateTime(failure.failedAt, zone)],
    ]);
    doc.moveDown(0.4);
  }
  if (downtime.length) {
    table(
      doc,
      [
        { title: 'Out of service from', width: 130 },
        { title: 'To', width: 130 },
        { title: 'Hours', width: 60, align: 'right' },
        { title: 'Reason', width: width - 320 },
      ],
      downtime.map((d) => ({
        cells: [dateTime(d.startedAt, zone), dateTime(d.endedAt, zone), d.hours.toFixed(1), d.reason],
      })),
    );
    const total = downtime.reduce((sum, d) => sum + d.hours, 0);
    doc
      .moveDown(0.3)
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(`Downtime in all: ${hoursOrDash(total)}`);
  }
}

export type MonthReliability = { plants: ReliabilityGroupRow[]; badActors: ValveReliability[]; currency: string };

/** The month's failures per plant, and the bad actors of the twelve months to the month's end (or today). */
export async function monthReliability(
  db: Database,
  scope: Scope,
  costsOf: CostsOf,
  month: { from: string; to: string },
): Promise<MonthReliability> {
  const [plants, worst] = await Promise.all([
    reliabilityGroups(db, scope, costsOf, { groupBy: 'plant', ...month }),
    badActors(db, scope, costsOf, { to: month.to, limit: MONTHLY_BAD_ACTORS }),
  ]);
  return { plants: plants.rows, badActors: worst, currency: plants.currency };
}

export function monthReliabilitySection(doc: PDFKit.PDFDocument, width: number, month: MonthReliability) {
  heading(doc, 'Failures');
  const failed = month.plants.filter((p) => p.failures > 0 || p.downtimeHours > 0);
  if (!failed.length) {
    doc.fillColor(MUTED).font('Helvetica').fontSize(9).text('No failure was recorded in this month.');
  } else {
    table(
      doc,
      [
        { title: 'Plant', width: width - 330 },
        { title: 'Failures', width: 60, align: 'right' },
        { title: 'Downtime', width: 70, align: 'right' },
        { title: 'Most seen mode', width: 200 },
      ],
      failed.map((p) => ({
        cells: [
          p.key,
          String(p.failures),
          hoursOrDash(p.downtimeHours),
          p.modes[0] ? `${coded(p.modes[0].code, p.modes[0].label)} (${p.modes[0].count})` : '—',
        ],
      })),
    );
  }
  if (!month.badActors.length) return;
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(10).text('Bad actors of the last twelve months');
  doc.moveDown(0.2);
  table(
    doc,
    [
      { title: 'Valve', width: width - 350 },
      { title: 'Failures', width: 60, align: 'right' },
      { title: 'MTBF', width: 70, align: 'right' },
      { title: 'Cost', width: 80, align: 'right' },
      { title: 'Top mode', width: 140 },
    ],
    month.badActors.map((v) => ({
      cells: [
        `${v.valve.valveId} · ${v.valve.manufacturer} ${v.valve.model}`,
        String(v.failures),
        hoursOrDash(v.mtbfHours),
        money(v.cost, v.currency),
        coded(v.topMode, v.topModeLabel),
      ],
    })),
  );
}
