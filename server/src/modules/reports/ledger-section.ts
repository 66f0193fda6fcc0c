import type { WorkOrderCost } from '@common/schemas/costs';
import type { ContractorCost, LaborEntry } from '@common/schemas/labor';
import type { WorkOrderPart } from '@common/schemas/parts';
import type { Database } from '../../db/client';
import { fields, heading, MARGIN, MUTED, money, table } from '../../lib/pdf-doc';
import type { Scope } from '../../lib/scope';
import { contractorCostsOf, laborOfWorkOrder } from '../labor';
import { listWorkOrderParts } from '../parts';

/** What the ledger says a work order cost (costs domain, from app.ts). */
export type CostOf = (db: Database, scope: Scope, id: number) => Promise<WorkOrderCost>;

export type WorkOrderLedger = {
  parts: WorkOrderPart[];
  labor: LaborEntry[];
  contractors: ContractorCost[];
  cost: WorkOrderCost;
};

export async function gatherLedger(db: Database, scope: Scope, id: number, costOf: CostOf): Promise<WorkOrderLedger> {
  const [parts, labor, contractors, cost] = await Promise.all([
    listWorkOrderParts(db, scope, id),
    laborOfWorkOrder(db, scope.organizationId, id),
    contractorCostsOf(db, scope.organizationId, id),
    costOf(db, scope, id),
  ]);
  return { parts, labor: labor.filter((entry) => !entry.running), contractors, cost };
}

const quantity = (value: number, unit: string) =>
  `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 }).format(value)} ${unit}`;
const duration = (minutes: number) =>
  minutes >= 60 ? `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min` : `${minutes} min`;

/** The closed work order's parts, hours, contractors and cost (issue 33), each table only where there is some. */
export function ledgerSection(doc: PDFKit.PDFDocument, width: number, ledger: WorkOrderLedger) {
  const { cost } = ledger;
  heading(doc, 'Parts, hours and cost');
  const issued = ledger.parts.filter((line) => line.issued > 0);
  if (issued.length) {
    table(
      doc,
      [
        { title: 'Part', width: width - 250 },
        { title: 'Store', width: 110 },
        { title: 'Issued', width: 60, align: 'right' },
        { title: 'Cost', width: 80, align: 'right' },
      ],
      issued.map((line) => ({
        cells: [
          `${line.partNumber} ${line.name}`,
          line.store,
          quantity(line.issued, line.unit),
          money(line.cost, cost.currency),
        ],
      })),
    );
    doc.moveDown(0.4);
  }
  if (ledger.labor.length) {
    table(
      doc,
      [
        { title: 'Worked by', width: width - 250 },
        { title: 'Day', width: 90 },
        { title: 'Time', width: 80, align: 'right' },
        { title: 'Cost', width: 80, align: 'right' },
      ],
      ledger.labor.map((entry) => ({
        cells: [entry.user, entry.workedOn, duration(entry.minutes), money(entry.cost, entry.currency)],
      })),
    );
    doc.moveDown(0.4);
  }
  if (ledger.contractors.length) {
    table(
      doc,
      [
        { title: 'Contractor', width: width - 200 },
        { title: 'Invoice', width: 120 },
        { title: 'Amount', width: 80, align: 'right' },
      ],
      ledger.contractors.map((c) => ({ cells: [c.supplier, c.invoiceNumber, money(c.amount, c.currency)] })),
    );
    doc.moveDown(0.4);
  }
  if (!issued.length && !ledger.labor.length && !ledger.contractors.length) {
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text('No parts, hours or invoices were recorded.', MARGIN);
    doc.moveDown(0.4);
  }
  const minutes = ledger.labor.reduce((sum, entry) => sum + entry.minutes, 0);
  fields(doc, [
    ['Parts', money(cost.parts, cost.currency)],
    ['Labor', `${money(cost.labor, cost.currency)}${minutes ? ` (${duration(minutes)})` : ''}`],
    ['Contractors', money(cost.contractor, cost.currency)],
    ['Total', money(cost.total, cost.currency)],
  ]);
}
