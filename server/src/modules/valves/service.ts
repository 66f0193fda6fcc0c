import type { ValveDetail, ValveListQuery, ValveLookup, ValvePage, ValveSummary } from '@common/schemas/valves';
import { TEXTS } from '@common/texts';
import { and, asc, eq, gt, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type JsonText, jsonArray, jsonText } from '../../db/json';
import { preparedQuery } from '../../db/prepared';
import { valves, workOrders } from '../../db/schema';
import { readByIdInScope, type Scope, valvesInScope } from '../../lib/scope';
import { sameTag } from '../../lib/valve-tags';
import { invalidField, notFound } from '../../plugins/errors';
import {
  valveDetailJson,
  valveDetailText,
  valveListText,
  valveLookupFields,
  valveSummaryFields,
} from '../../presenters/valves';
import { openAndNotYetDue } from '../../presenters/work-orders';

/** LIKE treats % and _ as wildcards; a search for "V-00_" means those characters literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The words of a search as the search text holds them: lower case, and a plural's "s" dropped ("gate valves" finds
 * Gate Valve). Each must be found somewhere, in any order, as part of a word (decisions/090).
 */
export function searchWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word));
}

function listConditions(scope: Scope, query: ValveListQuery): SQL[] {
  const conditions: SQL[] = [valvesInScope(scope)];
  if (query.plant) conditions.push(eq(valves.plant, query.plant));
  if (query.area) conditions.push(sql`lower(${valves.area}) = lower(${query.area})`);
  if (query.system) conditions.push(sql`lower(${valves.system}) = lower(${query.system})`);
  if (query.type) conditions.push(eq(valves.type, query.type));
  if (query.status) conditions.push(eq(valves.status, query.status));
  if (query.minSize) conditions.push(sql`${valves.sizeDn} >= valve_size_dn(${query.minSize})`);
  if (query.minRating) {
    conditions.push(
      sql`(${valves.pressureClass} >= valve_pressure_class(${query.minRating}) or ${valves.pressurePn} >= valve_pressure_pn(${query.minRating}))`,
    );
  }
  for (const word of searchWords(query.q ?? '')) conditions.push(like(valves.searchText, `%${escapeLike(word)}%`));
  return conditions;
}

/**
 * A size or rating filter the database cannot read is a 400 with an example, rather than an empty list that looks
 * like an answer. Asked only when nothing was found (routes.ts), with the same functions the filter used.
 */
export async function checkNominalFilters(db: Database, query: ValveListQuery): Promise<void> {
  if (!query.minSize && !query.minRating) return;
  const [read] = await db
    .select({
      dn: sql<number | null>`valve_size_dn(${query.minSize ?? ''})`,
      rating: sql<
        number | null
      >`coalesce(valve_pressure_class(${query.minRating ?? ''}), valve_pressure_pn(${query.minRating ?? ''}))`,
    })
    .from(sql`(select 1) as one`);
  if (query.minSize && read.dn === null) {
    throw invalidField('minSize', 'must be a nominal size such as 4 in, 1-1/2", NPS 6 or DN100', 'query');
  }
  if (query.minRating && read.rating === null) {
    throw invalidField('minRating', 'must be a pressure class or PN such as Class 600, 600# or PN40', 'query');
  }
}

/** Every matching valve, in the order they were registered. */
export function listValves(db: Database, scope: Scope, query: ValveListQuery): Promise<ValveSummary[]> {
  return listQuery(db, and(...listConditions(scope, query)));
}

/**
 * The whole list as most people open it (every plant, no filter, no search), as JSON text the database builds, in
 * one prepared query: it is the preload's largest read.
 */
export async function readValveList(db: Database, organizationId: number): Promise<{ json: JsonText<ValveSummary[]> }> {
  const [row] = await preparedQuery(db, 'valve_list', () =>
    db
      .select({ json: valveListText })
      .from(valves)
      .where(eq(valves.organizationId, sql.placeholder('organizationId')))
      .prepare('valve_list'),
  ).execute({ organizationId });
  return row;
}

/** One page after `cursor` (keyset paging on id, so pages stay stable while valves are added). */
export async function listValvePage(
  db: Database,
  scope: Scope,
  query: ValveListQuery & { limit: number },
): Promise<ValvePage> {
  let rows: Awaited<ReturnType<typeof listQuery>>;
  if (isUnfiltered(scope, query)) {
    rows = await preparedQuery(db, 'valve_page', () =>
      listQuery(
        db,
        and(eq(valves.organizationId, sql.placeholder('organizationId')), gt(valves.id, sql.placeholder('cursor'))),
      )
        .limit(sql.placeholder('limit'))
        .prepare('valve_page'),
    ).execute({ organizationId: scope.organizationId, cursor: query.cursor ?? 0, limit: query.limit + 1 });
  } else {
    const conditions = listConditions(scope, query);
    if (query.cursor) conditions.push(gt(valves.id, query.cursor));
    rows = await listQuery(db, and(...conditions)).limit(query.limit + 1);
  }
  const hasMore = rows.length > query.limit;
  const items = rows.slice(0, query.limit);
  return { items, nextCursor: hasMore ? items[items.length - 1].id : null };
}

function listQuery(db: Database, where: SQL | undefined) {
  return db.select(valveSummaryFields).from(valves).where(where).orderBy(asc(valves.id)).$dynamic();
}

/** The list as most people open it: every plant, no filter, no search. That one is prepared once. */
export const isUnfiltered = (scope: Scope, query: ValveListQuery) =>
  !scope.plants &&
  !query.plant &&
  !query.area &&
  !query.system &&
  !query.type &&
  !query.minSize &&
  !query.minRating &&
  !query.status &&
  !query.q;

/**
 * One valve with its work orders, newest first, as the JSON text of common's valveDetail, in one prepared query:
 * the detail screen is the most read page on the plant floor. With it, what the kept details keep beside it.
 */
export async function readValveDetail(db: Database, scope: Scope, id: number) {
  const rows = await readByIdInScope(db, scope, 'valve_detail', valves.id, id, (where) => valveDetailQuery(db, where));
  if (!rows.length) throw notFound(TEXTS.valves.notFound);
  return rows[0];
}

/** The detail's JSON text, always from the database: for the writes, which answer with the valve as it now is. */
export async function valveDetailNow(db: Database, scope: Scope, id: number): Promise<JsonText<ValveDetail>> {
  return (await readValveDetail(db, scope, id)).json;
}

/** The detail as an object: what a stale-version 409 hands back as `current`. */
export async function currentValve(db: Database, scope: Scope, id: number): Promise<ValveDetail> {
  const [row] = await db
    .select({ valve: valveDetailJson })
    .from(valves)
    .where(and(valvesInScope(scope), eq(valves.id, id)));
  if (!row) throw notFound(TEXTS.valves.notFound);
  return row.valve;
}

/** When (epoch ms) the valve's next open work order falls due: its overdue flag changes then. */
const nextDueMs = sql<number | null>`(${
  // Nested: in a select from one table, drizzle writes the columns at a field's top level without their table,
  // and inside this subquery "id" would then be the work order's.
  sql`select (extract(epoch from min(${workOrders.dueDate})) * 1000)::float8 from ${workOrders}
    where ${workOrders.valveId} = ${valves.id} and ${openAndNotYetDue}`
})`;

function valveDetailQuery(db: Database, where: SQL | undefined) {
  return db
    .select({ json: valveDetailText, organizationId: valves.organizationId, plant: valves.plant, nextDueMs })
    .from(valves)
    .where(where);
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
    .select(valveLookupFields)
    .from(valves)
    .where(and(valvesInScope(scope), sameTag(valveId)));
  if (!row) throw notFound(TEXTS.valves.notFound);
  return row;
}

/** Many valves' details (those of `ids` inside the scope) as one JSON array: the offline download's bulk read. */
export async function valveDetailsOf(db: Database, scope: Scope, ids: number[]): Promise<JsonText<ValveDetail[]>> {
  if (!ids.length) return '[]' as JsonText<ValveDetail[]>;
  const [row] = await db
    .select({ json: jsonText<ValveDetail[]>(jsonArray(valveDetailJson, sql`${valves.id}`)) })
    .from(valves)
    .where(and(valvesInScope(scope), inArray(valves.id, ids)));
  return row.json;
}
