/**
 * The maintenance ledger (issue 33, docs/decisions/110 and 111), printed, never gated, on PGlite in a directory and
 * on PostgreSQL (when it answers), in process through app.inject:
 * - 100 technicians issuing the same part at once, more than the store holds: how many were refused, how long the
 *   burst took, and the stock left (on hand must be the sum of the ledger, never negative);
 * - the cost report over 10,000 valves and a year of work orders with parts, hours and invoices, at 10 requests at a
 *   time: p50 and p99 per grouping; and the bad actors and the reliability by model over the same year, every other
 *   order a coded failure with six hours of downtime (issue 34).
 * Run alone with `npm run bench -- --only ledger`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/src/app';
import { type DatabaseHandle, openDatabase } from '../server/src/db/client';
import { rowsOf } from '../server/src/db/rows';
import { users } from '../server/src/db/schema';
import { generateDemoData } from '../server/src/demo/generate';
import { createSession } from '../server/src/lib/sessions';
import { directoryFiles } from '../server/src/lib/stored-files';
import { stampAllRates } from '../server/src/modules/labor';
import { SESSION_COOKIE } from '../server/src/plugins/session';
import { vsLast } from './last-run';
import { PgDatabases } from './servers';

const TECHNICIANS = 100;
const VALVES = 10_000;
const WORK_ORDERS_PER_VALVE = 4;
const REPORT_REQUESTS = 100;
const CONNECTIONS = 10;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function cookieOf(database: DatabaseHandle, email: string) {
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return `${SESSION_COOKIE}=${(await createSession(database.db, user.id)).token}`;
}

/** 100 lines of one part, one reserved each, then 100 issues of two at once with 150 on hand: 50 can be served. */
async function raceForOnePart(app: FastifyInstance, database: DatabaseHandle, engine: string) {
  const supervisor = await cookieOf(database, 'supervisor@northfield.example');
  const technician = await cookieOf(database, 'technician@northfield.example');
  const post = (url: string, payload: object, cookie = supervisor) =>
    app.inject({ method: 'POST', url, payload, headers: { cookie } });
  const [plant] = await rowsOf<{ id: number }>(
    database.db,
    sql`select id from plants where organization_id = 1 limit 1`,
  );
  const store = (await post('/api/stores', { name: 'Bench crib', plantId: plant.id })).json().id as number;
  const part = (
    await post('/api/parts', { partNumber: 'BENCH-SR-1', name: 'Seat ring', unit: 'each', unitCost: 100 })
  ).json().id as number;
  await post(`/api/parts/${part}/receipts`, { storeId: store, quantity: 150 });
  const orders = await rowsOf<{ id: number }>(
    database.db,
    sql`select id from work_orders where organization_id = 1 and status <> 'cancelled' order by id limit ${TECHNICIANS}`,
  );
  if (orders.length < TECHNICIANS) throw new Error(`ledger bench: ${orders.length} open work orders`);
  const lines: { order: number; line: number }[] = [];
  for (const { id } of orders) {
    const res = await post(`/api/work-orders/${id}/parts`, { partId: part, storeId: store, quantity: 1 });
    if (res.statusCode !== 201) throw new Error(`ledger bench reserve: ${res.statusCode} ${res.body}`);
    lines.push({ order: id, line: res.json().id });
  }
  const started = performance.now();
  const answers = await Promise.all(
    lines.map(({ order, line }) => post(`/api/work-orders/${order}/parts/${line}/issue`, { quantity: 2 }, technician)),
  );
  const ms = performance.now() - started;
  const served = answers.filter((a) => a.statusCode === 200).length;
  const refused = answers.filter((a) => a.statusCode === 409).length;
  const other = answers.length - served - refused;
  const [stock] = await rowsOf<{ on_hand: string; reserved: string; ledger: string }>(
    database.db,
    sql`select s.on_hand, s.reserved, (select sum(quantity) from part_movements m where m.part_id = s.part_id
      and m.store_id = s.store_id and m.kind in ('receipt', 'adjustment', 'issue', 'return')) as ledger
      from part_stock s where s.part_id = ${part}`,
  );
  console.log(
    `  ${engine.padEnd(10)} ${TECHNICIANS} issues of 2 at once, 150 on hand and 100 reserved: ${served} served, ` +
      `${refused} refused (409)${other ? `, ${other} other` : ''} in ${ms.toFixed(0)} ms; left ${Number(stock.on_hand)} ` +
      `on hand (ledger ${Number(stock.ledger)}), ${Number(stock.reserved)} reserved ${vsLast(`ledger.${engine}.raceMs`, ms)}`,
  );
}

/**
 * 10,000 valves (copies of the demo's, new tags) with four work orders each over the last year, every one with an
 * hour and a half of labor, every other with a part issued and every tenth with an invoice: written in bulk, as
 * fixtures (no audit rows, no notices), then the statistics the seed CLI leaves.
 */
async function yearOfWork(database: DatabaseHandle) {
  const { db } = database;
  await db.execute(sql`set session_replication_role = replica`);
  await db.execute(sql`insert into valves (organization_id, valve_id, type, size, pressure, plant, area, location, system,
      manufacturer, model, status, last_maintenance, next_maintenance, maintenance_interval_days)
    select v.organization_id, 'B-' || lpad(g::text, 5, '0') || '-BV', v.type, v.size, v.pressure, v.plant, v.area,
      v.location, v.system, v.manufacturer, v.model, 'active', v.last_maintenance, v.next_maintenance,
      v.maintenance_interval_days
    from generate_series(1, ${VALVES}) g
    join lateral (select * from valves where organization_id = 1 order by id offset g % 40 limit 1) v on true`);
  await db.execute(sql`insert into work_orders (organization_id, work_order_id, valve_id, title, description, status,
      priority, created_at, completed_at)
    select v.organization_id, 'WO-LEDGER-' || v.id || '-' || k, v.id, 'Bench repair', '', 'completed', 'medium',
      now() - ((k * 90 + v.id % 60) || ' days')::interval, now() - ((k * 90 + v.id % 60 - 1) || ' days')::interval
    from valves v cross join generate_series(0, ${WORK_ORDERS_PER_VALVE - 1}) k where v.valve_id like 'B-%'`);
  const [technician] = await rowsOf<{ id: number }>(
    db,
    sql`select id from users where email = 'technician@northfield.example'`,
  );
  await db.execute(sql`insert into labor_entries (organization_id, work_order_id, user_id, minutes, worked_on, logged_by_user_id)
    select w.organization_id, w.id, ${technician.id}, 90, w.completed_at::date, ${technician.id}
    from work_orders w where w.work_order_id like 'WO-LEDGER-%'`);
  await db.execute(sql`insert into contractor_costs (organization_id, work_order_id, supplier, invoice_number, amount, logged_by_user_id)
    select w.organization_id, w.id, 'Bench Valve Services', 'INV-' || w.id, 850, ${technician.id}
    from work_orders w where w.work_order_id like 'WO-LEDGER-%' and w.id % 10 = 0`);
  const [part] = await rowsOf<{ id: number; store: number }>(
    db,
    sql`select p.id, s.id as store from parts p join stores s on s.organization_id = p.organization_id
      where p.organization_id = 1 limit 1`,
  );
  await db.execute(sql`insert into part_movements (organization_id, part_id, store_id, kind, quantity, unit_cost, work_order_id, user_id, at)
    select w.organization_id, ${part.id}, ${part.store}, 'issue', -1, 64.5, w.id, ${technician.id}, w.completed_at
    from work_orders w where w.work_order_id like 'WO-LEDGER-%' and w.id % 2 = 0`);
  await db.execute(sql`insert into labor_rates (organization_id, role, hourly_rate, effective_from)
    values (1, 'technician', 78, now()::date - 800)`);
  // Every other order answered a failure (issue 34): coded, with six hours of downtime ending at its completion.
  await db.execute(sql`insert into work_order_failures (organization_id, work_order_id, valve_id, mode, mechanism, failed_at)
    select w.organization_id, w.id, w.valve_id, (array['INL', 'ELP', 'LCP', 'DOP'])[w.id % 4 + 1], '2.4',
      w.completed_at - interval '2 days'
    from work_orders w where w.work_order_id like 'WO-LEDGER-%' and w.id % 2 = 1`);
  await db.execute(sql`insert into downtime_periods (organization_id, work_order_id, valve_id, started_at, ended_at, reason)
    select w.organization_id, w.id, w.valve_id, w.completed_at - interval '6 hours', w.completed_at, 'Bench outage'
    from work_orders w where w.work_order_id like 'WO-LEDGER-%' and w.id % 2 = 1`);
  await db.execute(sql`set session_replication_role = default`);
  await stampAllRates(db, 1);
  await db.execute(sql`vacuum analyze`);
}

/** REPORT_REQUESTS GETs of `url`, CONNECTIONS at a time: their times, sorted, and the last answer. */
async function timesOf(app: FastifyInstance, cookie: string, url: string) {
  const times: number[] = [];
  let next = 0;
  let last: unknown;
  const worker = async () => {
    while (next < REPORT_REQUESTS) {
      next += 1;
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      last = res.json();
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return { times: times.sort((a, b) => a - b), last };
}

/** The cost report (issue 33) and the reliability reads (issue 34) over the 10,000 valves. */
async function reportTimes(app: FastifyInstance, database: DatabaseHandle, engine: string) {
  const cookie = await cookieOf(database, 'supervisor@northfield.example');
  const reads = [
    { name: 'report.plant', label: 'cost report by plant', url: '/api/reports/costs?groupBy=plant' },
    { name: 'report.valve', label: 'cost report by valve', url: '/api/reports/costs?groupBy=valve' },
    { name: 'reliability.badActors', label: 'bad actors (top 10)', url: '/api/reliability/bad-actors' },
    { name: 'reliability.byModel', label: 'reliability by model', url: '/api/reliability/groups?groupBy=model' },
  ];
  for (const { name, label, url } of reads) {
    const { times, last } = await timesOf(app, cookie, url);
    const p99 = percentile(times, 0.99);
    const what =
      name === 'report.plant' || name === 'report.valve'
        ? `total $${Math.round((last as { total: { total: number } }).total.total).toLocaleString('en-US')}`
        : name === 'reliability.badActors'
          ? `worst ${(last as { failures: number }[])[0]?.failures ?? 0} failures`
          : `${(last as { rows: unknown[] }).rows.length} models`;
    console.log(
      `  ${engine.padEnd(10)} ${label.padEnd(22)} ${REPORT_REQUESTS} requests at ${CONNECTIONS}: ` +
        `p50 ${percentile(times, 0.5).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms (${what}) ` +
        vsLast(`ledger.${engine}.${name}.p99`, p99),
    );
  }
}

async function onEngine(engine: 'pglite' | 'postgres', open: () => Promise<DatabaseHandle>, dir: string) {
  const database = await open();
  try {
    await database.migrate();
    await generateDemoData(database.db, { valves: 200, now: new Date(), files: directoryFiles(dir) });
    const app = await buildApp({
      db: database.db,
      listen: database.listen,
      config: { uploadsDir: dir, clientDist: dir, demo: true, trustProxy: false, checkReplies: false },
    });
    await app.ready();
    await raceForOnePart(app, database, engine);
    const seeded = performance.now();
    await yearOfWork(database);
    console.log(
      `  ${engine.padEnd(10)} seeded ${VALVES.toLocaleString('en-US')} valves, ${(VALVES * WORK_ORDERS_PER_VALVE).toLocaleString('en-US')} work orders with their ledger in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    await reportTimes(app, database, engine);
    await app.close();
  } finally {
    await database.close();
  }
}

export async function runLedgerBench() {
  console.log('\n== Ledger: the last units raced for, and the cost report (in process)');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'valveops-bench-ledger-'));
  const pgs = new PgDatabases(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  try {
    await onEngine('pglite', () => openDatabase({ dataDir: path.join(dir, 'db') }), dir);
    const answers = await pgs.check().then(
      () => true,
      () => false,
    );
    if (answers) {
      const url = await pgs.create('valveops_bench_ledger');
      await onEngine('postgres', () => openDatabase({ databaseUrl: url }), dir);
    } else console.log('  postgres   not answering: skipped');
  } finally {
    await pgs.dropAll();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runLedgerBench();
