/**
 * Preventive plan figures (issue 21), printed, never gated:
 *  - the pure generation: a year of calendar occurrences for 10,000 valves, each on its own plan (a mix of
 *    quarterly RRULEs, monthly from the 31st, annual, weekly, and counted-from-completion), in their plants' zones;
 *  - the job on PGlite: one pass of generateDueWorkOrders over 10,000 valves under one plan, raising the work order
 *    each valve has due (the first pass) and finding nothing new (the steady pass every quarter hour).
 * Run alone with `npx tsx bench/plans.ts` or `npm run bench -- --only plans`.
 */
import type { CalendarTrigger } from '../common/schemas/maintenance-plans';
import { openDatabase } from '../server/src/db/client';
import { maintenancePlans, organizations, plants, users, valves } from '../server/src/db/schema';
import { calendarOccurrences, generateDueWorkOrders } from '../server/src/modules/maintenance-plans';
import { placeInTree } from '../server/src/modules/plants';
import { vsLast } from './last-run';

const VALVES = 10_000;
const ZONES = ['America/Chicago', 'America/New_York', 'Europe/Berlin', 'Asia/Kolkata'];
const TRIGGERS: CalendarTrigger[] = [
  { kind: 'calendar', rrule: 'FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO', startDate: '2026-01-01', countFrom: 'fixed' },
  { kind: 'calendar', every: { count: 1, unit: 'month' }, startDate: '2025-01-31', countFrom: 'fixed' },
  { kind: 'calendar', every: { count: 1, unit: 'year' }, startDate: '2024-02-29', countFrom: 'fixed' },
  { kind: 'calendar', every: { count: 1, unit: 'week' }, startDate: '2026-03-02', countFrom: 'fixed' },
  { kind: 'calendar', every: { count: 3, unit: 'month' }, startDate: '2026-01-15', countFrom: 'completion' },
];

function pureYear() {
  const started = performance.now();
  let occurrences = 0;
  for (let i = 0; i < VALVES; i++) {
    occurrences += calendarOccurrences(TRIGGERS[i % TRIGGERS.length], {
      timeZone: ZONES[i % ZONES.length],
      fromDay: '2026-11-24',
      untilDay: '2027-11-24',
      lastCompletedAt: new Date(Date.UTC(2026, 9, 1 + (i % 28))),
    }).length;
  }
  return { ms: performance.now() - started, occurrences };
}

async function jobPasses() {
  const database = await openDatabase({});
  await database.migrate();
  const db = database.db;
  const [org] = await db
    .insert(organizations)
    .values({ name: 'Bench', slug: 'bench' })
    .returning({ id: organizations.id });
  const [user] = await db
    .insert(users)
    .values({
      organizationId: org.id,
      email: 'bench@example.com',
      name: 'Bench',
      role: 'supervisor',
      passwordHash: 'x',
    })
    .returning({ id: users.id });
  const rows = Array.from({ length: VALVES }, (_, i) => ({
    organizationId: org.id,
    valveId: `V-${i + 1}-BV`,
    type: 'Ball Valve',
    size: '2"',
    pressure: '600#',
    plant: 'Power Plant A',
    area: `Unit ${i % 40}`,
    location: `Unit ${i % 40}`,
    system: 'Cooling water',
    manufacturer: 'Bench',
    model: 'B-1',
  }));
  await db.insert(plants).values({ organizationId: org.id, name: 'Power Plant A' });
  await placeInTree(db, org.id, rows);
  for (let i = 0; i < rows.length; i += 1000) await db.insert(valves).values(rows.slice(i, i + 1000));
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  await db.insert(maintenancePlans).values({
    organizationId: org.id,
    title: 'Quarterly stroke test',
    target: { plant: 'Power Plant A' },
    trigger: { kind: 'calendar', every: { count: 3, unit: 'month' }, startDate: today, countFrom: 'fixed' },
    leadDays: 7,
    timeZone: 'America/Chicago',
    createdByUserId: user.id,
    createdAt: new Date(`${today}T00:00:00Z`),
  });
  let started = performance.now();
  const first = await generateDueWorkOrders(db, now);
  const firstMs = performance.now() - started;
  started = performance.now();
  const steady = await generateDueWorkOrders(db, now);
  const steadyMs = performance.now() - started;
  await database.close();
  return { first, firstMs, steady, steadyMs };
}

export async function runPlansBench() {
  console.log('\nPreventive plans (issue 21)');
  const warm = pureYear();
  const pure = pureYear();
  console.log(
    `  a year of occurrences, ${VALVES.toLocaleString('en')} valves: ${pure.ms.toFixed(0)} ms${vsLast('plans | a year of occurrences ms', pure.ms)} for ${pure.occurrences.toLocaleString('en')} occurrences (first run ${warm.ms.toFixed(0)} ms)`,
  );
  const job = await jobPasses();
  console.log(
    `  job on PGlite, ${VALVES.toLocaleString('en')} valves: first pass raised ${job.first.raised.toLocaleString('en')} work orders in ${(job.firstMs / 1000).toFixed(1)} s${vsLast('plans | job first pass s', job.firstMs / 1000, 1)}; steady pass (nothing new, ${job.steady.valvesUpdated} valves updated) ${(job.steadyMs / 1000).toFixed(1)} s${vsLast('plans | job steady pass s', job.steadyMs / 1000, 1)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runPlansBench();
