import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { maintenanceRecords, valves, workOrders } from '../../db/schema';
import { fields, heading, hoursOrDash, INK, MUTED, newPdf, table } from '../../lib/pdf-doc';
import { type Scope, valvesInScope } from '../../lib/scope';
import type { CostsOf } from '../costs';
import { type PlanMonthFigures, planOccurrencesInMonth } from '../maintenance-plans';
import { type ReliefMonthFigures, reliefTestsInMonth } from '../relief-valves';
import { monthReliability, monthReliabilitySection } from './reliability-section';

export type PlantFigures = {
  plant: string;
  completed: number;
  overdue: number;
  /** Planned (not corrective) work due in the month, and how much of it was done by its due date. */
  plannedDue: number;
  plannedOnTime: number;
  correctiveRepairs: number;
  /** Mean hours from raising to completing corrective work completed in the month; null without any. */
  mttrHours: number | null;
};

/**
 * The month's figures per plant (docs/analytics.md, "Monthly plant report"): work orders completed in the month;
 * overdue at the month's end (or now, for the current month); compliance = planned work due in the month done by
 * its due date (planned: completed as preventive, inspection or calibration work, or still open); MTTR over the
 * corrective work completed in the month.
 */
/** The month's bounds (UTC, like the figures) and where it is counted to: its end, or now for the month under way. */
export function monthBounds(month: string, now: Date) {
  const start = new Date(`${month}-01T00:00:00Z`);
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  return { start, end, cutoff: end < now ? end : now, underWay: now < end };
}

export async function monthlyFigures(db: Database, scope: Scope, month: string, now: Date): Promise<PlantFigures[]> {
  const { start, end, cutoff } = monthBounds(month, now);
  const kind = sql<string | null>`(select ${maintenanceRecords.type} from ${maintenanceRecords}
    where ${maintenanceRecords.workOrderId} = ${workOrders.id} and ${maintenanceRecords.type} <> 'note'
    order by ${maintenanceRecords.createdAt} desc limit 1)`;
  const completedIn = sql`${workOrders.completedAt} >= ${start.toISOString()} and ${workOrders.completedAt} < ${end.toISOString()}`;
  const dueIn = sql`${workOrders.dueDate} >= ${start.toISOString()} and ${workOrders.dueDate} < ${end.toISOString()}`;
  const planned = sql`coalesce(${kind}, 'open') <> 'corrective'`;
  const rows = await db
    .select({
      plant: valves.plant,
      completed: sql<number>`count(*) filter (where ${completedIn})::int`,
      overdue: sql<number>`count(*) filter (where ${workOrders.dueDate} < ${cutoff.toISOString()}
        and ${workOrders.createdAt} < ${cutoff.toISOString()}
        and (${workOrders.completedAt} is null or ${workOrders.completedAt} > ${cutoff.toISOString()}))::int`,
      plannedDue: sql<number>`count(*) filter (where ${dueIn} and ${planned})::int`,
      plannedOnTime: sql<number>`count(*) filter (where ${dueIn} and ${planned} and ${workOrders.completedAt} <= ${workOrders.dueDate})::int`,
      correctiveRepairs: sql<number>`count(*) filter (where ${completedIn} and ${kind} = 'corrective')::int`,
      mttrHours: sql<number | null>`(avg(extract(epoch from ${workOrders.completedAt} - ${workOrders.createdAt}) / 3600)
        filter (where ${completedIn} and ${kind} = 'corrective'))::float8`,
    })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .where(
      and(
        valvesInScope(scope),
        lt(workOrders.createdAt, end),
        gte(sql`coalesce(${workOrders.completedAt}, 'infinity')`, start),
      ),
    )
    .groupBy(valves.plant)
    .orderBy(valves.plant);
  return rows;
}

const percent = (done: number, due: number) => (due ? `${Math.round((100 * done) / due)}%` : '—');

const day = (at: Date) => at.toISOString().slice(0, 10);

export async function monthlyReportPdf(
  db: Database,
  scope: Scope,
  costsOf: CostsOf,
  organizationName: string,
  month: string,
  now: Date,
) {
  const bounds = monthBounds(month, now);
  // The reliability reads take days inclusive: the month's last, or today for the month under way.
  const lastDay = day(new Date(bounds.cutoff.getTime() - 1));
  const [figures, plans, relief, reliability] = await Promise.all([
    monthlyFigures(db, scope, month, now),
    planOccurrencesInMonth(db, scope, bounds.start, bounds.end, bounds.cutoff),
    reliefTestsInMonth(db, scope, day(bounds.start), day(bounds.end)),
    monthReliability(db, scope, costsOf, { from: day(bounds.start), to: lastDay }),
  ]);
  const label = `${new Date(`${month}-01T00:00:00Z`).toLocaleString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })}${bounds.underWay ? ` (to ${now.toLocaleString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })})` : ''}`;
  // The month under way has no end yet: what is overdue is overdue now.
  const overdueLabel = bounds.underWay ? 'Overdue now' : 'Overdue at month end';
  const { doc, done, width } = newPdf({ Title: `Monthly plant report ${month}`, Subject: organizationName });
  const total = figures.reduce(
    (sum, f) => ({
      completed: sum.completed + f.completed,
      overdue: sum.overdue + f.overdue,
      plannedDue: sum.plannedDue + f.plannedDue,
      plannedOnTime: sum.plannedOnTime + f.plannedOnTime,
      repairs: sum.repairs + f.correctiveRepairs,
      repairHours: sum.repairHours + (f.mttrHours ?? 0) * f.correctiveRepairs,
    }),
    { completed: 0, overdue: 0, plannedDue: 0, plannedOnTime: 0, repairs: 0, repairHours: 0 },
  );
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#1d4ed8').text('VALVEOPS · MONTHLY PLANT REPORT');
  doc
    .moveDown(0.3)
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor(INK)
    .text(`${organizationName} · ${label}`, { width });
  doc
    .moveDown(0.2)
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Made ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  heading(doc, 'The month at a glance');
  fields(doc, [
    ['Completed', String(total.completed)],
    [overdueLabel, String(total.overdue)],
    [
      'Planned work on time',
      `${percent(total.plannedOnTime, total.plannedDue)} (${total.plannedOnTime} of ${total.plannedDue} due)`,
    ],
    ['Mean time to repair', hoursOrDash(total.repairs ? total.repairHours / total.repairs : null)],
  ]);
  heading(doc, 'By plant');
  table(
    doc,
    [
      { title: 'Plant', width: width - 340 },
      { title: 'Completed', width: 70, align: 'right' },
      { title: 'Overdue', width: 60, align: 'right' },
      { title: 'On time', width: 70, align: 'right' },
      { title: 'Repairs', width: 60, align: 'right' },
      { title: 'MTTR', width: 80, align: 'right' },
    ],
    figures.map((f) => ({
      cells: [
        f.plant,
        String(f.completed),
        String(f.overdue),
        percent(f.plannedOnTime, f.plannedDue),
        String(f.correctiveRepairs),
        hoursOrDash(f.mttrHours),
      ],
    })),
  );
  if (!figures.length) doc.moveDown().fillColor(MUTED).text('No work orders in this month.');
  planSection(doc, width, plans);
  reliefSection(doc, width, relief);
  monthReliabilitySection(doc, width, reliability);
  doc
    .moveDown(1)
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      'Compliance: planned work (preventive, inspection, calibration, or still open) due in the month and completed by its due date. MTTR: mean hours from raising to completing corrective work completed in the month. Plans: occurrences due in the month, raised as work orders, done by the month end (or now) and by their own due time. Relief valve tests: submitted records filed under a tag, by test day. Failures: coded failure reports (ISO 14224) by the day they failed, and downtime in the month; bad actors: the valves that failed in the twelve months to the month end, most failures first, then cost (docs/analytics.md).',
      { width },
    );
  doc.end();
  return { fileName: `plant-report-${month}.pdf`, pdf: await done };
}

/** What the preventive plans asked for in the month, per plant, and how much of it was done. */
function planSection(doc: PDFKit.PDFDocument, width: number, plans: PlanMonthFigures[]) {
  heading(doc, 'Preventive plans');
  if (!plans.length) {
    doc.fillColor(MUTED).font('Helvetica').fontSize(9).text('No plan occurrences were due in this month.');
    return;
  }
  table(
    doc,
    [
      { title: 'Plant', width: width - 280 },
      { title: 'Due', width: 60, align: 'right' },
      { title: 'Raised', width: 70, align: 'right' },
      { title: 'Done', width: 70, align: 'right' },
      { title: 'On time', width: 80, align: 'right' },
    ],
    plans.map((p) => ({
      cells: [p.plant, String(p.due), String(p.raised), String(p.done), percent(p.onTime, p.due)],
    })),
  );
}

/** The relief valve tests of the month, per plant: an inspector's first question is what failed. */
function reliefSection(doc: PDFKit.PDFDocument, width: number, relief: ReliefMonthFigures[]) {
  heading(doc, 'Relief valve tests');
  if (!relief.length) {
    doc.fillColor(MUTED).font('Helvetica').fontSize(9).text('No relief valve tests were submitted in this month.');
    return;
  }
  table(
    doc,
    [
      { title: 'Plant', width: width - 300 },
      { title: 'Tested', width: 70, align: 'right' },
      { title: 'Failed as found', width: 110, align: 'right' },
      { title: 'Not returned', width: 120, align: 'right' },
    ],
    relief.map((r) => ({ cells: [r.plant, String(r.tested), String(r.asFoundFailed), String(r.asLeftFailed)] })),
  );
}
