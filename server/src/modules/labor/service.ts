import type { ContractorCost, LaborEntry, LaborRate } from '@common/schemas/labor';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isoInstant } from '../../db/json';
import { rowsOf } from '../../db/rows';
import { groupBy } from '../../lib/group-by';

/*
 * Reads of hours, rates and contractors' invoices. An entry's rate is the one in force on the day it was worked: the
 * person's own, else their role's, else 0 (docs/decisions/111), stamped on the entry (commands.ts) so sums read no
 * rates. Rates are only ever added, each from a day on, so a raise leaves the cost of earlier work as it was.
 */

/** The hourly rate of the entry `e` (a labor_entries alias with its user `u`) on its day, from the rates. */
const rateOnTheDay = sql`coalesce(
  (select r.hourly_rate from labor_rates r
    where r.organization_id = e.organization_id and r.user_id = e.user_id and r.effective_from <= e.worked_on
    order by r.effective_from desc, r.id desc limit 1),
  (select r.hourly_rate from labor_rates r
    where r.organization_id = e.organization_id and r.user_id is null and r.role = u.role
      and r.effective_from <= e.worked_on
    order by r.effective_from desc, r.id desc limit 1),
  0)`;

/** Minutes of the entry `e`: those logged, or a running timer's so far. */
export const minutesOf = sql`coalesce(e.minutes, greatest(0, floor(extract(epoch from now() - e.started_at) / 60))::int)`;

type EntryRow = Omit<LaborEntry, 'hourlyRate' | 'cost'> & { hourlyRate: string | number; cost: string | number };

const money = (value: string | number) => Math.round(Number(value) * 100) / 100;

async function entries(db: Database, where: SQL): Promise<LaborEntry[]> {
  const rows = await rowsOf<EntryRow>(
    db,
    sql`
    select e.id, e.work_order_id as "workOrderId", e.user_id as "userId", u.name as "user",
      ${minutesOf} as "minutes",
      ${isoInstant(sql`e.started_at`)} as "startedAt",
      ${isoInstant(sql`e.ended_at`)} as "endedAt",
      e.worked_on::text as "workedOn", (e.minutes is null) as "running",
      e.hourly_rate as "hourlyRate",
      round(e.hourly_rate * ${minutesOf} / 60.0, 2) as "cost",
      o.currency, e.note, l.name as "loggedBy",
      ${isoInstant(sql`e.created_at`)} as "createdAt"
    from labor_entries e
    join users u on u.id = e.user_id
    join users l on l.id = e.logged_by_user_id
    join organizations o on o.id = e.organization_id
    where ${where}
    order by coalesce(e.started_at, e.created_at), e.id`,
  );
  return rows.map((row) => ({ ...row, hourlyRate: money(row.hourlyRate), cost: money(row.cost) }));
}

/** A work order's hours, oldest first, running timers included. */
export const laborOfWorkOrder = (db: Database, organizationId: number, workOrderId: number) =>
  entries(db, sql`e.organization_id = ${organizationId} and e.work_order_id = ${workOrderId}`);

/** The hours of several work orders, by work order (those with none are left out): the offline copy's. */
export async function laborOfWorkOrders(
  db: Database,
  organizationId: number,
  workOrderIds: readonly number[],
): Promise<Map<number, LaborEntry[]>> {
  if (!workOrderIds.length) return new Map();
  const found = await entries(
    db,
    sql`e.organization_id = ${organizationId} and e.work_order_id in ${[...workOrderIds]}`,
  );
  return groupBy(found, (entry) => entry.workOrderId);
}

export async function laborEntry(db: Database, organizationId: number, id: number): Promise<LaborEntry> {
  const [entry] = await entries(db, sql`e.organization_id = ${organizationId} and e.id = ${id}`);
  return entry;
}

export async function listLaborRates(db: Database, organizationId: number, id?: number): Promise<LaborRate[]> {
  const rows = await rowsOf<LaborRate & { hourlyRate: string | number }>(
    db,
    sql`
    select r.id, r.user_id as "userId", u.name as "user", r.role, r.hourly_rate as "hourlyRate", o.currency,
      r.effective_from::text as "effectiveFrom",
      ${isoInstant(sql`r.created_at`)} as "createdAt"
    from labor_rates r
    left join users u on u.id = r.user_id
    join organizations o on o.id = r.organization_id
    where r.organization_id = ${organizationId} ${id === undefined ? sql`` : sql`and r.id = ${id}`}
    order by coalesce(u.name, r.role), r.effective_from desc, r.id desc`,
  );
  return rows.map((row) => ({ ...row, hourlyRate: money(row.hourlyRate) }));
}

export async function contractorCostsOf(
  db: Database,
  organizationId: number,
  workOrderId: number,
  id?: number,
): Promise<ContractorCost[]> {
  const rows = await rowsOf<ContractorCost & { amount: string | number }>(
    db,
    sql`
    select c.id, c.work_order_id as "workOrderId", c.supplier, c.invoice_number as "invoiceNumber",
      c.amount, o.currency, c.note, l.name as "loggedBy",
      ${isoInstant(sql`c.created_at`)} as "createdAt"
    from contractor_costs c
    join users l on l.id = c.logged_by_user_id
    join organizations o on o.id = c.organization_id
    where c.organization_id = ${organizationId} and c.work_order_id = ${workOrderId}
      ${id === undefined ? sql`` : sql`and c.id = ${id}`}
    order by c.created_at, c.id`,
  );
  return rows.map((row) => ({ ...row, amount: money(row.amount) }));
}

/**
 * Stamps the rate of its day on every entry `which` selects (a condition on `e` and its user `u`): a new entry, or
 * those a new rate reaches.
 */
export async function stampRates(db: Database, organizationId: number, which: SQL): Promise<void> {
  await db.execute(sql`update labor_entries e set hourly_rate = ${rateOnTheDay}
    from users u where u.id = e.user_id and e.organization_id = ${organizationId} and ${which}`);
}

/**
 * What hours and invoices cost, as rows `(organization_id, work_order_id, spent_on, kind, amount)` for the cost
 * reads (modules/costs): finished hours at the rate of their day, and each invoice on the day it was logged. A
 * running timer costs nothing until it stops.
 */
export const laborCostLines = sql`select e.organization_id, e.work_order_id, e.worked_on as spent_on,
    'labor'::text as kind, round(e.hourly_rate * e.minutes / 60.0, 2) as amount
  from labor_entries e
  where e.minutes is not null
  union all
  select c.organization_id, c.work_order_id, (c.created_at at time zone 'UTC')::date, 'contractor'::text, c.amount
  from contractor_costs c`;

/** Every entry of the organization priced again from the rates (the demo's, written in bulk). */
export const stampAllRates = (db: Database, organizationId: number) => stampRates(db, organizationId, sql`true`);
