import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { contractorCosts, laborEntries, laborRates, workOrders } from '../db/schema';
import type { SeededRandom } from '../lib/seeded-random';
import { stampAllRates } from '../modules/labor';

const DAY = 86_400_000;
const day = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Loaded rates of a US valve shop, per hour: two years ago, and each year's raise since (issue 33). */
const ROLE_RATES = [
  { role: 'technician', rates: [65, 68, 72.5] },
  { role: 'supervisor', rates: [80.5, 84, 88] },
  { role: 'engineer', rates: [88, 92, 96] },
] as const;

/** Valve repair shops a plant sends work out to, and what they bill for. */
const CONTRACTORS = [
  {
    supplier: 'Gulf Coast Valve Services',
    work: 'Shop repair: lap seat and disc, new packing, hydro test',
    amount: [1850, 4200],
  },
  { supplier: 'Midwest Actuator Repair', work: 'Actuator rebuild and bench calibration', amount: [1200, 2600] },
  { supplier: 'Precision Relief Valve Co.', work: 'Set pressure test and recertification', amount: [420, 780] },
] as const;

/**
 * The demo's hours, rates and invoices: rates per role from over two years ago with each year's raise (and one senior
 * technician's own), one to three stretches of work on each completed work order on the day it closed (the past
 * years' too), a running day's hours on work in progress, and a contractor's invoice on about one completed order
 * in eight.
 */
export async function seedDemoLabor(
  db: Database,
  options: { organizationId: number; technicians: number[]; supervisorId: number; now: number; random: SeededRandom },
) {
  const { organizationId, technicians, supervisorId, now, random } = options;
  const year = new Date(now).getUTCFullYear();
  // January 1 two years back is at least 730 days back: before the oldest of the past work (past-years.ts).
  const yearsFrom = [year - 2, year - 1, year].map((y) => `${y}-01-01`);
  await db.insert(laborRates).values([
    ...ROLE_RATES.flatMap(({ role, rates }) =>
      rates.map((hourlyRate, i) => ({
        organizationId,
        role,
        hourlyRate,
        effectiveFrom: yearsFrom[i],
        createdByUserId: supervisorId,
      })),
    ),
    {
      organizationId,
      userId: technicians[0],
      hourlyRate: 81,
      effectiveFrom: yearsFrom[2],
      createdByUserId: supervisorId,
    },
  ]);
  const worked = await db
    .select({
      id: workOrders.id,
      status: workOrders.status,
      assignee: workOrders.assignedToUserId,
      completedAt: workOrders.completedAt,
    })
    .from(workOrders)
    .where(and(eq(workOrders.organizationId, organizationId), inArray(workOrders.status, ['completed', 'in_progress'])))
    .orderBy(workOrders.id);
  const entries: (typeof laborEntries.$inferInsert)[] = [];
  const invoices: (typeof contractorCosts.$inferInsert)[] = [];
  for (const order of worked) {
    const by = order.assignee && technicians.includes(order.assignee) ? order.assignee : random.pick(technicians);
    const on = order.completedAt?.getTime() ?? now - random.int(0, 2) * DAY;
    const stretches = order.status === 'completed' ? random.int(1, 3) : 1;
    for (let k = 0; k < stretches; k++) {
      entries.push({
        organizationId,
        workOrderId: order.id,
        userId: k === 0 ? by : random.pick(technicians),
        minutes: random.pick([30, 45, 60, 90, 120, 150, 180, 240]),
        workedOn: day(on),
        loggedByUserId: by,
        note: k === 0 ? null : 'Helped on the job',
      });
    }
    if (order.status === 'completed' && random.chance(1 / 8)) {
      const contractor = random.pick(CONTRACTORS);
      invoices.push({
        organizationId,
        workOrderId: order.id,
        supplier: contractor.supplier,
        invoiceNumber: `INV-${random.int(10_000, 99_999)}`,
        amount: Math.round(random.between(contractor.amount[0], contractor.amount[1])),
        note: contractor.work,
        loggedByUserId: supervisorId,
        createdAt: new Date(on + DAY),
      });
    }
  }
  // In batches: a large plant's hours are more rows than one statement's parameters allow.
  for (let i = 0; i < entries.length; i += 1000) await db.insert(laborEntries).values(entries.slice(i, i + 1000));
  for (let i = 0; i < invoices.length; i += 1000) await db.insert(contractorCosts).values(invoices.slice(i, i + 1000));
  await stampAllRates(db, organizationId);
}
