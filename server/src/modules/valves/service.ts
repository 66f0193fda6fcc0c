import type { ValveDetail, ValveListQuery, ValveLookup, ValvePage, ValveSummary } from '@common/schemas/valves';
import { TEXTS } from '@common/texts';
import { and, asc, eq, gt, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { valves } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { type Scope, valvesInScope } from '../auth/scope';
import { listWorkOrdersForValve } from '../work-orders/service';
import { presentValveDetail, presentValveLookup, presentValveSummary } from './presenter';

const summaryColumns = {
  id: valves.id,
  valveId: valves.valveId,
  type: valves.type,
  size: valves.size,
  pressure: valves.pressure,
  plant: valves.plant,
  location: valves.location,
  system: valves.system,
  manufacturer: valves.manufacturer,
  model: valves.model,
  status: valves.status,
  lastMaintenance: valves.lastMaintenance,
  nextMaintenance: valves.nextMaintenance,
};

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
    .select(summaryColumns)
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
    .select(summaryColumns)
    .from(valves)
    .where(and(...conditions))
    .orderBy(asc(valves.id))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  const items = rows.slice(0, query.limit).map(presentValveSummary);
  return { items, nextCursor: hasMore ? items[items.length - 1].id : null };
}

export async function getValve(db: Database, scope: Scope, id: number): Promise<ValveDetail> {
  const [row] = await db
    .select()
    .from(valves)
    .where(and(valvesInScope(scope), eq(valves.id, id)));
  if (!row) throw notFound(TEXTS.valves.notFound);
  return presentValveDetail(row, await listWorkOrdersForValve(db, scope, id));
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
    .select(summaryColumns)
    .from(valves)
    .where(and(valvesInScope(scope), eq(valves.valveId, valveId)));
  if (!row) throw notFound(TEXTS.valves.notFound);
  return presentValveLookup(row);
}
