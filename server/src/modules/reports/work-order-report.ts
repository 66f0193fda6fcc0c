import type { ProcedureRun, ProcedureStep } from '@common/schemas/procedures';
import type { Signature } from '@common/schemas/signatures';
import { REVIEW_STAGES, reviewStage } from '@common/status-styles';
import { TEXTS } from '@common/texts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { maintenanceRecords, photos, users, valves, workOrders } from '../../db/schema';
import { BAD, dateTime, fields, GOOD, heading, INK, MARGIN, MUTED, newPdf, table } from '../../lib/pdf-doc';
import { type Scope, valvesInScope } from '../../lib/scope';
import type { ContentOf } from '../../lib/signed-content';
import type { StoredFiles } from '../../lib/stored-files';
import { HttpError, notFound } from '../../plugins/errors';
import { photoFile } from '../photos';
import { plantTimeZone } from '../plants';
import { readRuns } from '../procedures';
import { signaturesWithChanges } from '../signatures';
import { type CostOf, gatherLedger, ledgerSection } from './ledger-section';
import { failureSection, gatherFailure } from './reliability-section';
import { signatureSection } from './signature-section';

const assignee = alias(users, 'assignee');

async function gather(db: Database, scope: Scope, id: number, content: ContentOf) {
  const [order] = await db
    .select({
      id: workOrders.id,
      number: workOrders.workOrderId,
      title: workOrders.title,
      description: workOrders.description,
      status: workOrders.status,
      priority: workOrders.priority,
      dueDate: workOrders.dueDate,
      createdAt: workOrders.createdAt,
      completedAt: workOrders.completedAt,
      approvedAt: workOrders.approvedAt,
      approvedBy: sql<
        string | null
      >`(select ${users.name} from ${users} where ${users.id} = ${workOrders.approvedByUserId})`,
      closedAt: workOrders.closedAt,
      closedBy: sql<
        string | null
      >`(select ${users.name} from ${users} where ${users.id} = ${workOrders.closedByUserId})`,
      valveTag: valves.valveId,
      valveType: valves.type,
      valveSize: valves.size,
      system: valves.system,
      plant: valves.plant,
      location: valves.location,
      assignedTo: assignee.name,
    })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .leftJoin(assignee, eq(assignee.id, workOrders.assignedToUserId))
    .where(and(valvesInScope(scope), eq(workOrders.id, id)));
  if (!order) throw notFound(TEXTS.workOrders.notFound);
  if (order.status !== 'completed')
    throw new HttpError(409, 'Only a completed work order has a report: complete it first.');
  const records = await db
    .select({
      type: maintenanceRecords.type,
      description: maintenanceRecords.description,
      findings: maintenanceRecords.findings,
      actions: maintenanceRecords.actionsPerformed,
      by: users.name,
      at: maintenanceRecords.createdAt,
    })
    .from(maintenanceRecords)
    .leftJoin(users, eq(users.id, maintenanceRecords.performedByUserId))
    .where(eq(maintenanceRecords.workOrderId, id))
    .orderBy(asc(maintenanceRecords.createdAt));
  const photoRows = await db
    .select({ id: photos.id, description: photos.description })
    .from(photos)
    .where(eq(photos.workOrderId, id))
    .orderBy(asc(photos.id));
  const runs = await readRuns(db, scope.organizationId, id);
  const signatures = await signaturesWithChanges(db, content, scope.organizationId, 'work_order', id);
  const zone = await plantTimeZone(db, scope.organizationId, order.plant);
  return { order, zone, records, photoRows, runs, signatures };
}

function resultText(step: ProcedureStep, run: ProcedureRun, timeZone: string) {
  const r = run.results.find((x) => x.stepKey === step.key);
  if (!r) return { text: 'Not recorded', color: MUTED };
  let text = r.answer ?? '';
  if (step.type === 'check') text = { pass: 'Pass', fail: 'Fail', na: 'N/A' }[r.answer ?? ''] ?? '';
  if (step.type === 'number') {
    const limits = [step.lower != null ? `min ${step.lower}` : '', step.upper != null ? `max ${step.upper}` : '']
      .filter(Boolean)
      .join(', ');
    text = `${r.numberValue} ${step.unit}${limits ? ` (${limits})` : ''}`;
  }
  if (step.type === 'photo') text = r.photoId ? `Photo #${r.photoId}` : '';
  if (step.type === 'signature' && r.signature) text = signatureLine(r.signature, timeZone);
  if (r.correctiveWorkOrderNumber) text += ` → corrective ${r.correctiveWorkOrderNumber}`;
  return { text, color: r.failed ? BAD : INK };
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** Printed name, date and time, meaning: in that order, as on screen. */
const signatureLine = (s: Signature, timeZone: string) =>
  `${s.printedName} · ${dateTime(s.signedAt, timeZone)} · ${s.meaning}`;

/**
 * A completed work order as a PDF: the order, findings, its failure report and downtime, its parts, hours and cost, each procedure's steps and results,
 * photos, signatures.
 */
export async function workOrderReportPdf(
  db: Database,
  scope: Scope,
  id: number,
  files: StoredFiles,
  content: ContentOf,
  costOf: CostOf,
) {
  const { order, zone, records, photoRows, runs, signatures } = await gather(db, scope, id, content);
  const [ledger, failure] = await Promise.all([gatherLedger(db, scope, id, costOf), gatherFailure(db, scope, id)]);
  const { doc, done, width } = newPdf({ Title: `${order.number} ${order.title}`, Subject: 'Work order report' });
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#1d4ed8').text('VALVEOPS · WORK ORDER REPORT');
  doc
    .moveDown(0.3)
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor(INK)
    .text(`${order.number}  ${order.title}`, { width });
  doc.moveDown(0.5);
  fields(doc, [
    ['Valve', `${order.valveTag} · ${order.valveType} · ${order.valveSize}`],
    ['Plant / location', `${order.plant} · ${order.system} · ${order.location}`],
    ['Priority', order.priority],
    ['Assigned to', order.assignedTo ?? 'Unassigned'],
    ['Raised', dateTime(order.createdAt, zone)],
    ['Due', order.dueDate ? dateTime(order.dueDate, zone) : '—'],
    ['Completed', order.completedAt ? dateTime(order.completedAt, zone) : '—'],
    // Where the review stands (issue 29): the record a reader holds says whether it was approved and closed.
    [
      'Status',
      REVIEW_STAGES[
        reviewStage({ status: order.status, approvedAt: iso(order.approvedAt), closedAt: iso(order.closedAt) }) ??
          'awaiting_approval'
      ].label,
    ],
    [
      'Approved',
      order.approvedAt ? `${dateTime(order.approvedAt, zone)} · ${order.approvedBy ?? 'a former user'}` : '—',
    ],
    ['Closed', order.closedAt ? `${dateTime(order.closedAt, zone)} · ${order.closedBy ?? 'a former user'}` : '—'],
  ]);
  if (order.description)
    doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor(INK).text(order.description, MARGIN, doc.y, { width });

  heading(doc, 'Work done');
  for (const r of records) {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(`${r.type} · ${r.by ?? 'Unknown'} · ${dateTime(r.at, zone)}`, MARGIN, doc.y, { width });
    if (r.findings) doc.font('Helvetica').text(`Findings: ${r.findings}`, { width });
    if (r.actions) doc.font('Helvetica').text(`Actions: ${r.actions}`, { width });
    if (!r.findings && !r.actions) doc.font('Helvetica').text(r.description, { width });
    doc.moveDown(0.4);
  }

  failureSection(doc, width, failure, zone);
  ledgerSection(doc, width, ledger);

  for (const run of runs) {
    heading(doc, `Procedure: ${run.procedure.name} (version ${run.procedure.version})`);
    table(
      doc,
      [
        { title: '#', width: 24 },
        { title: 'Step', width: 220 },
        { title: 'Result', width: width - 244 },
      ],
      run.procedure.steps.map((step, i) => {
        const result = resultText(step, run, zone);
        return { cells: [String(i + 1), step.label, result.text], color: result.color };
      }),
    );
    const failed = run.results.filter((r) => r.failed).length;
    doc
      .moveDown(0.3)
      .font('Helvetica')
      .fontSize(9)
      .fillColor(failed ? BAD : GOOD)
      .text(failed ? `${failed} step(s) failed.` : 'All recorded steps passed.', MARGIN);
  }

  const photoIds = [
    ...new Set([
      ...photoRows.map((p) => p.id),
      ...runs.flatMap((r) => r.results.flatMap((x) => (x.photoId ? [x.photoId] : []))),
    ]),
  ];
  if (photoIds.length) {
    heading(doc, 'Photos');
    let x = MARGIN;
    for (const photoId of photoIds.slice(0, 12)) {
      const png = await photoPng(db, scope, photoId, files);
      if (!png) continue;
      if (x + 150 > MARGIN + width) {
        x = MARGIN;
        doc.y += 130;
      }
      if (doc.y + 130 > doc.page.height - MARGIN) {
        doc.addPage();
        x = MARGIN;
      }
      doc.image(png, x, doc.y, { fit: [150, 120] });
      x += 160;
    }
    doc.y += 130;
    doc.x = MARGIN;
  }

  signatureSection(doc, width, signatures, zone);
  doc.end();
  return { fileName: `${order.number}.pdf`, pdf: await done };
}

/** A photo's thumbnail as PNG (pdfkit reads JPEG and PNG, the thumbnails are WebP); null when its file is gone. */
async function photoPng(db: Database, scope: Scope, id: number, files: StoredFiles) {
  try {
    const thumbnail = await files.read(db, (await photoFile(db, scope, id, 'thumbnail')).key);
    return thumbnail && (await sharp(thumbnail).png().toBuffer());
  } catch {
    return null;
  }
}
