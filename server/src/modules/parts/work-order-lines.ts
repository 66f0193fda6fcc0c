import type { PartUnit, WorkOrderPart } from '@common/schemas/parts';
import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { partStock, parts, stores, workOrderParts, workOrders } from '../../db/schema';
import { groupBy } from '../../lib/group-by';
import type { Scope } from '../../lib/scope';
import { conflict, notFound } from '../../plugins/errors';
import { assertWorkOrderExists } from '../work-orders';
import { fromThousandths, giveBack, issue, type Line, release, reserve, toThousandths } from './ledger-rules';
import { partInScope, storeInScope } from './scope';
import { currencyOf } from './service';
import { accepted, lockStock, writeStock } from './stock';

export const LINE_NOT_FOUND = 'Part line not found';
/** The largest line cost the ledger's numeric(12,2) holds, in cents. */
const MOST_COST = 999_999_999_999;

/** A work order's part lines, in the order they were added. */
export async function listWorkOrderParts(db: Database, scope: Scope, workOrderId: number): Promise<WorkOrderPart[]> {
  await assertWorkOrderExists(db, scope, workOrderId);
  return linesOf(db, scope, workOrderId);
}

/** The part lines of several work orders, by work order (those with none are left out): the offline copy's. */
export async function partLinesOfWorkOrders(
  db: Database,
  organizationId: number,
  workOrderIds: readonly number[],
): Promise<Map<number, WorkOrderPart[]>> {
  if (!workOrderIds.length) return new Map();
  const rows = await lineRows(
    db,
    and(eq(workOrderParts.organizationId, organizationId), inArray(workOrderParts.workOrderId, [...workOrderIds])),
  );
  return groupBy(
    rows,
    (row) => row.workOrderId,
    ({ workOrderId: _order, ...line }) => line,
  );
}

const linesOf = async (db: Database, scope: Scope, workOrderId: number, lineId?: number) =>
  (
    await lineRows(
      db,
      and(
        eq(workOrderParts.organizationId, scope.organizationId),
        eq(workOrderParts.workOrderId, workOrderId),
        lineId ? eq(workOrderParts.id, lineId) : undefined,
      ),
    )
  ).map(({ workOrderId: _order, ...line }) => line);

async function lineRows(db: Database, where: SQL | undefined) {
  const rows = await db
    .select({
      workOrderId: workOrderParts.workOrderId,
      id: workOrderParts.id,
      partId: workOrderParts.partId,
      partNumber: parts.partNumber,
      name: parts.name,
      unit: parts.unit,
      storeId: workOrderParts.storeId,
      store: stores.name,
      reserved: workOrderParts.reserved,
      issued: workOrderParts.issued,
      cost: workOrderParts.cost,
    })
    .from(workOrderParts)
    .innerJoin(parts, eq(parts.id, workOrderParts.partId))
    .innerJoin(stores, eq(stores.id, workOrderParts.storeId))
    .where(where)
    .orderBy(asc(workOrderParts.id));
  return rows.map((row) => ({ ...row, unit: row.unit as PartUnit }));
}

type LineKey = { workOrderId: number; partId: number; storeId: number };

async function lockLine(db: Database, lineId: number): Promise<Line & { cost: number }> {
  const [row] = await db
    .select({ reserved: workOrderParts.reserved, issued: workOrderParts.issued, cost: workOrderParts.cost })
    .from(workOrderParts)
    .where(eq(workOrderParts.id, lineId))
    .for('update');
  return { reserved: toThousandths(row.reserved), issued: toThousandths(row.issued), cost: Math.round(row.cost * 100) };
}

async function writeLine(db: Database, lineId: number, line: Line, costCents: number) {
  await db
    .update(workOrderParts)
    .set({ reserved: fromThousandths(line.reserved), issued: fromThousandths(line.issued), cost: costCents / 100 })
    .where(eq(workOrderParts.id, lineId));
}

/**
 * Parts are reserved and issued only on live work: not on a cancelled order, nor on a closed one (its books are
 * shut). Returns stay open: what comes back unused is put back on the shelf whatever the order's state.
 */
async function refuseIfShut(db: Database, workOrderId: number) {
  const [order] = await db
    .select({ number: workOrders.workOrderId, cancelledAt: workOrders.cancelledAt, closedAt: workOrders.closedAt })
    .from(workOrders)
    .where(eq(workOrders.id, workOrderId));
  if (order?.cancelledAt) throw conflict(`${order.number} is cancelled: no parts can be reserved or issued on it.`);
  if (order?.closedAt) throw conflict(`${order.number} is closed: no parts can be reserved or issued on it.`);
}

/** Holds `quantity` of the part in the store for the work order: one line per part and store, added to. */
export async function reserveForWorkOrder(
  db: Database,
  scope: Scope,
  userId: number,
  workOrderId: number,
  body: { partId: number; storeId: number; quantity: number },
): Promise<WorkOrderPart> {
  await assertWorkOrderExists(db, scope, workOrderId);
  await refuseIfShut(db, workOrderId);
  const part = await partInScope(db, scope, body.partId);
  const store = await storeInScope(db, scope, body.storeId);
  const key = { organizationId: scope.organizationId, partId: part.id, storeId: store.id };
  const { id: stockId, stock } = await lockStock(db, key);
  await db
    .insert(workOrderParts)
    .values({ ...key, workOrderId })
    .onConflictDoNothing({ target: [workOrderParts.workOrderId, workOrderParts.partId, workOrderParts.storeId] });
  const [{ id: lineId }] = await db
    .select({ id: workOrderParts.id })
    .from(workOrderParts)
    .where(
      and(
        eq(workOrderParts.workOrderId, workOrderId),
        eq(workOrderParts.partId, part.id),
        eq(workOrderParts.storeId, store.id),
      ),
    );
  const line = await lockLine(db, lineId);
  const quantity = toThousandths(body.quantity);
  const outcome = accepted(reserve(stock, line, quantity), part, store, quantity);
  await writeStock(db, key, { id: stockId, stock }, outcome, { userId, workOrderId });
  await writeLine(db, lineId, outcome.line, line.cost);
  return (await linesOf(db, scope, workOrderId, lineId))[0];
}

/** The line of the work order, with its part and store inside the scope; 404 otherwise. */
async function lineInScope(db: Database, scope: Scope, workOrderId: number, lineId: number) {
  await assertWorkOrderExists(db, scope, workOrderId);
  const [row] = await db
    .select({ workOrderId: workOrderParts.workOrderId, partId: workOrderParts.partId, storeId: workOrderParts.storeId })
    .from(workOrderParts)
    .where(
      and(
        eq(workOrderParts.organizationId, scope.organizationId),
        eq(workOrderParts.workOrderId, workOrderId),
        eq(workOrderParts.id, lineId),
      ),
    );
  if (!row) throw notFound(LINE_NOT_FOUND);
  return row satisfies LineKey;
}

/** Takes `quantity` from the shelf for the work order (its reservation first), costed at the part's unit cost. */
export async function issueToWorkOrder(
  db: Database,
  scope: Scope,
  userId: number,
  workOrderId: number,
  lineId: number,
  quantity: number,
): Promise<WorkOrderPart> {
  const found = await lineInScope(db, scope, workOrderId, lineId);
  await refuseIfShut(db, workOrderId);
  const part = await partInScope(db, scope, found.partId);
  const store = await storeInScope(db, scope, found.storeId);
  const key = { organizationId: scope.organizationId, partId: part.id, storeId: store.id };
  const { id: stockId, stock } = await lockStock(db, key);
  const line = await lockLine(db, lineId);
  const asked = toThousandths(quantity);
  const outcome = accepted(issue(stock, line, asked), part, store, asked);
  await writeStock(db, key, { id: stockId, stock }, outcome, { userId, workOrderId, unitCost: part.unitCost });
  const cost = line.cost + Math.round((asked * part.unitCost * 100) / 1000);
  if (cost > MOST_COST)
    throw conflict(
      `This line's cost would pass ${MOST_COST / 100} ${await currencyOf(db, scope.organizationId)}: issue the rest on a line of another store or work order.`,
    );
  await writeLine(db, lineId, outcome.line, cost);
  return (await linesOf(db, scope, workOrderId, lineId))[0];
}

/** Puts back `quantity` unused: no more than was issued; the line's cost falls by their share of it. */
export async function returnFromWorkOrder(
  db: Database,
  scope: Scope,
  userId: number,
  workOrderId: number,
  lineId: number,
  quantity: number,
): Promise<WorkOrderPart> {
  const found = await lineInScope(db, scope, workOrderId, lineId);
  const part = await partInScope(db, scope, found.partId);
  const store = await storeInScope(db, scope, found.storeId);
  const key = { organizationId: scope.organizationId, partId: part.id, storeId: store.id };
  const { id: stockId, stock } = await lockStock(db, key);
  const line = await lockLine(db, lineId);
  const asked = toThousandths(quantity);
  const outcome = accepted(giveBack(stock, line, asked), part, store, asked);
  const credit = line.issued ? Math.round((line.cost * asked) / line.issued) : 0;
  const unitCost = line.issued ? Math.round((line.cost * 1000) / line.issued) / 100 : part.unitCost;
  await writeStock(db, key, { id: stockId, stock }, outcome, { userId, workOrderId, unitCost });
  await writeLine(db, lineId, outcome.line, line.cost - credit);
  return (await linesOf(db, scope, workOrderId, lineId))[0];
}

/**
 * A work order's work is over (completed or cancelled): whatever its lines still hold goes back to the shelf's
 * available stock, a `release` per line, so the next job can have it. Parts and their stock rows are locked in id
 * order, as two closings of orders sharing parts must not wait on each other crosswise.
 */
export async function releaseWorkOrderReservations(
  db: Database,
  organizationId: number,
  workOrderId: number,
  userId: number,
  reason: string,
): Promise<void> {
  const held = await db
    .select({ id: workOrderParts.id, partId: workOrderParts.partId, storeId: workOrderParts.storeId })
    .from(workOrderParts)
    .innerJoin(
      partStock,
      and(eq(partStock.partId, workOrderParts.partId), eq(partStock.storeId, workOrderParts.storeId)),
    )
    .where(and(eq(workOrderParts.workOrderId, workOrderId), gt(workOrderParts.reserved, 0)))
    .orderBy(asc(workOrderParts.partId), asc(partStock.id));
  for (const found of held) {
    const key = { organizationId, partId: found.partId, storeId: found.storeId };
    const locked = await lockStock(db, key);
    const line = await lockLine(db, found.id);
    const outcome = release(locked.stock, line);
    await writeStock(db, key, locked, outcome, { userId, workOrderId, reason });
    await writeLine(db, found.id, outcome.line, line.cost);
  }
}
