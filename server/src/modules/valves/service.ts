import type { ValveDetail, ValveListQuery, ValveLookup, ValvePage, ValveSummary } from '@common/schemas/valves';
import { TEXTS } from '@common/texts';
import { and, asc, desc, eq, gt, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { valves, workOrders } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { type Scope, valvesInScope } from '../auth/scope';
import { assignee, creator, presentWorkOrder } from '../work-orders/service';
import { valveSummaryColumns } from './columns';
import { presentValveDetail, presentValveLookup, presentValveSummary, presentWorkOrderValve } from './presenter';

/** LIKE treats % and _ as wildcards; a search for "V-00_" means those characters literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function listConditions(scope: Scope, query: ValveListQuery): SQL[] {
  const conditions: SQL[] = [valvesInScope(scope)];
  if (query.plant) conditions.push(eq(valves.plant, query.plant));
  if (query.type) conditions.push(eq(valves.type, query.type));
  if (query.status) conditions.push(eq(valves.status, query.status));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const text = or(ilike(valves.valveId, pattern), ilike(valves.model, pattern), ilike(valves.system, pattern));
    if (text) conditions.push(text);
  }
  return conditions;
}

/** Every matching valve, in the order they were registered. */
export async function listValves(db: Database, scope: Scope, query: ValveListQuery): Promise<ValveSummary[]> {
  const rows = await db
    .select(valveSummaryColumns)
    .from(valves)
    .where(and(...listConditions(scope, query)))
    .orderBy(asc(valves.id));
  return rows.map(presentValveSummary);
}

/** One page after `cursor` (keyset paging on id, so pages stay stable while valves are added). */
export async function listValvePage(
  db: Database,
  scope: Scope,
  query: ValveListQuery & { limit: number },
): Promise<ValvePage> {
  const conditions = listConditions(scope, query);
  if (query.cursor) conditions.push(gt(valves.id, query.cursor));
  const rows = await db
    .select(valveSummaryColumns)
    .from(valves)
    .where(and(...conditions))
    .orderBy(asc(valves.id))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  const items = rows.slice(0, query.limit).map(presentValveSummary);
  return { items, nextCursor: hasMore ? items[items.length - 1].id : null };
}

/**
 * One valve with its work orders, newest first, in a single query: the detail screen is the most read page on the
 * plant floor, and on the embedded database every query counts.
 */
export async function getValve(db: Database, scope: Scope, id: number): Promise<ValveDetail> {
  const rows = await db
    .select({
      valve: valves,
      workOrder: workOrders,
      assignee: { id: assignee.id, name: assignee.name },
      creator: { id: creator.id, name: creator.name },
    })
    .from(valves)
    .leftJoin(workOrders, eq(workOrders.valveId, valves.id))
    .leftJoin(assignee, eq(assignee.id, workOrders.assignedToUserId))
    .leftJoin(creator, eq(creator.id, workOrders.createdByUserId))
    .where(and(valvesInScope(scope), eq(valves.id, id)))
    .orderBy(desc(workOrders.createdAt), desc(workOrders.id));
  if (!rows.length) throw notFound(TEXTS.valves.notFound);
  const valve = rows[0].valve;
  const now = new Date();
  const orders = rows.flatMap(({ workOrder, assignee, creator }) =>
    workOrder ? [presentWorkOrder({ workOrder, valve: presentWorkOrderValve(valve), assignee, creator }, now)] : [],
  );
  return presentValveDetail(valve, orders);
}

/** Throws 404 'Valve not found' unless the valve exists within the scope. */
export async function assertValveExists(db: Database, scope: Scope, id: number): Promise<void> {
  const [row] = await db
    .select({ id: valves.id })
    .from(valves)
    .where(and(valvesInScope(scope), eq(valves.id, id)));
  if (!row) throw notFound(TEXTS.valves.notFound);
}

export async function lookupValve(db: Database, scope: Scope, valveId: string): Promise<ValveLookup> {
  const [row] = await db
    .select(valveSummaryColumns)
    .from(valves)
    .where(and(valvesInScope(scope), eq(valves.valveId, valveId)));
  if (!row) throw notFound(TEXTS.valves.notFound);
  return presentValveLookup(row);
}
