import type { CostGroup, CostReport, CostSplit, MonthCost, ValveCosts, WorkOrderCost } from '@common/schemas/costs';
import { is, SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type Scope, valvesAliasInScope } from '../../lib/scope';
import { currencyOf } from '../parts';

/*
 * What maintenance cost (issue 33, docs/decisions/111): the cost lines the ledger's domains give (parts issued less
 * returned, at the unit cost they were taken at; hours at the rate of their day; contractors' invoices), each on the
 * day it was spent, summed per work order, valve, plant, type or maker and per month. Every figure is in the
 * organization's one currency.
 */

/** The domains' cost lines: `(organization_id, work_order_id, spent_on, kind, amount)`, kind parts|labor|contractor. */
export type CostLines = readonly SQL[];

type SplitRow = { parts: string | number; labor: string | number; contractor: string | number };

const cents = (value: string | number | null) => Math.round(Number(value ?? 0) * 100) / 100;
const splitOf = (row: SplitRow): CostSplit => {
  const parts = cents(row.parts);
  const labor = cents(row.labor);
  const contractor = cents(row.contractor);
  return { parts, labor, contractor, total: cents(parts + labor + contractor) };
};

const sums = sql`coalesce(sum(l.amount) filter (where l.kind = 'parts'), 0) as parts,
  coalesce(sum(l.amount) filter (where l.kind = 'labor'), 0) as labor,
  coalesce(sum(l.amount) filter (where l.kind = 'contractor'), 0) as contractor`;

/** Every line of the organization, joined to its work order and valve, inside the user's plants. */
const linesInScope = (lines: CostLines, scope: Scope, where: SQL) => sql`
  from (${sql.join([...lines], sql` union all `)}) l
  join work_orders w on w.id = l.work_order_id
  join valves v on v.id = w.valve_id
  where l.organization_id = ${scope.organizationId} and ${valvesAliasInScope('v', scope)} and ${where}`;

/**
 * The cost of work orders by id, the ledger's lines already chosen (app.ts hands this to the offline copy and to
 * reliability). The orders are ids, or a statement selecting them (thousands of failures' orders: one read, no list).
 */
export type CostsOf = (db: Database, scope: Scope, ids: readonly number[] | SQL) => Promise<Map<number, WorkOrderCost>>;

/**
 * The cost of work orders (those of `ids` in the scope), by id: what the detail and the closed work order's PDF show.
 * Each of a list of ids has its cost, nothing spent being zero; of a statement, the orders something was spent on.
 */
export async function costsOfWorkOrders(
  db: Database,
  lines: CostLines,
  scope: Scope,
  ids: readonly number[] | SQL,
): Promise<Map<number, WorkOrderCost>> {
  const currency = await currencyOf(db, scope.organizationId);
  const listed = is(ids, SQL) ? null : ids;
  const costs = new Map<number, WorkOrderCost>(
    (listed ?? []).map((id) => [id, { ...splitOf({ parts: 0, labor: 0, contractor: 0 }), currency }]),
  );
  if (listed && !listed.length) return costs;
  const chosen = listed ? sql`l.work_order_id in ${listed}` : sql`l.work_order_id in (${ids})`;
  const rows = await rowsOf<SplitRow & { id: number }>(
    db,
    sql`select l.work_order_id as id, ${sums} ${linesInScope(lines, scope, chosen)}
      group by l.work_order_id`,
  );
  for (const row of rows) costs.set(row.id, { ...splitOf(row), currency });
  return costs;
}

/** Days inclusive; the last twelve months up to today (UTC) unless given. */
export function periodOf(query: { from?: string; to?: string }, today = new Date()): { from: string; to: string } {
  const to = query.to ?? today.toISOString().slice(0, 10);
  if (query.from) return { from: query.from, to };
  const start = new Date(`${to}T00:00:00Z`);
  start.setUTCFullYear(start.getUTCFullYear() - 1);
  start.setUTCDate(start.getUTCDate() + 1);
  return { from: start.toISOString().slice(0, 10), to };
}

const inPeriod = (period: { from: string; to: string }) =>
  sql`l.spent_on between ${period.from}::date and ${period.to}::date`;

const MONTH = sql`to_char(l.spent_on, 'YYYY-MM')`;

type GroupRow = SplitRow & { key: string | null; month: string | null; valveId: number | null; workOrders: number };

/**
 * The lines of `where` summed twice in one pass (grouping sets): per `key` and per month. A row with no month is a
 * key's; a row with no key is a month's.
 */
async function sumsByKeyAndMonth(db: Database, lines: CostLines, scope: Scope, key: SQL | null, where: SQL) {
  const rows = await rowsOf<GroupRow>(
    db,
    sql`select ${key ?? sql`null::text`} as key, ${MONTH} as month, ${key ? sql`min(v.id)` : sql`null::int`} as "valveId",
        count(distinct l.work_order_id)::int as "workOrders", ${sums}
      ${linesInScope(lines, scope, where)}
      group by grouping sets ((${key ?? sql`null::text`}), (${MONTH}))`,
  );
  const months: MonthCost[] = rows
    .filter((row) => row.month !== null)
    .map((row) => ({ month: row.month as string, ...splitOf(row) }))
    .sort((a, b) => a.month.localeCompare(b.month));
  return { groups: rows.filter((row) => row.month === null), months };
}

/** A valve's maintenance cost over a period: the split, the work orders it was spent on, and each month's. */
export async function valveCosts(
  db: Database,
  lines: CostLines,
  scope: Scope,
  valveId: number,
  query: { from?: string; to?: string },
): Promise<ValveCosts> {
  const period = periodOf(query);
  const { groups, months } = await sumsByKeyAndMonth(
    db,
    lines,
    scope,
    null,
    sql`w.valve_id = ${valveId} and ${inPeriod(period)}`,
  );
  const total = groups[0] ?? { parts: 0, labor: 0, contractor: 0, workOrders: 0 };
  return {
    valveId,
    ...period,
    currency: await currencyOf(db, scope.organizationId),
    ...splitOf(total),
    workOrders: total.workOrders,
    byMonth: months,
  };
}

/** What a report groups by: the valve's plant, its tag, its type or its maker. */
const GROUP_KEYS: Record<CostGroup, SQL> = {
  plant: sql`v.plant`,
  valve: sql`v.valve_id`,
  type: sql`v.type`,
  manufacturer: sql`v.manufacturer`,
};

/** The cost report: each group's split (costliest first), each month's, and the whole period's. */
export async function costReport(
  db: Database,
  lines: CostLines,
  scope: Scope,
  query: { from?: string; to?: string; groupBy: CostGroup },
): Promise<CostReport> {
  const period = periodOf(query);
  const { groups: rows, months } = await sumsByKeyAndMonth(
    db,
    lines,
    scope,
    GROUP_KEYS[query.groupBy],
    inPeriod(period),
  );
  const groups = rows
    .map((row) => ({
      key: row.key ?? '',
      valveId: query.groupBy === 'valve' ? row.valveId : null,
      workOrders: row.workOrders,
      ...splitOf(row),
    }))
    .sort((a, b) => b.total - a.total || a.key.localeCompare(b.key));
  const total = splitOf(
    groups.reduce(
      (sum, row) => ({
        parts: sum.parts + row.parts,
        labor: sum.labor + row.labor,
        contractor: sum.contractor + row.contractor,
      }),
      { parts: 0, labor: 0, contractor: 0 },
    ),
  );
  return {
    ...period,
    groupBy: query.groupBy,
    currency: await currencyOf(db, scope.organizationId),
    rows: groups,
    byMonth: months,
    total,
  };
}

/** One work order's cost (zero when nothing was spent on it). */
export async function costOfWorkOrder(
  db: Database,
  lines: CostLines,
  scope: Scope,
  id: number,
): Promise<WorkOrderCost> {
  const costs = await costsOfWorkOrders(db, lines, scope, [id]);
  return costs.get(id) ?? costOfNewWorkOrder(db, scope);
}

/** A work order with nothing on its ledger, as one not yet raised: nothing, in the organization's currency. */
export async function costOfNewWorkOrder(db: Database, scope: Scope): Promise<WorkOrderCost> {
  return { parts: 0, labor: 0, contractor: 0, total: 0, currency: await currencyOf(db, scope.organizationId) };
}
