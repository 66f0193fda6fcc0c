/**
 * Export figures (issue 32, docs/decisions/107-streamed-exports.md), printed, never gated: 100,000 work orders on
 * PGlite streamed out through the real server as CSV and as xlsx (GET /api/exports/work-orders), with rows/s, the
 * time to the last byte, the file's size, and the server's RSS at rest before and its peak during each download:
 * the export is written while keyset pages are read, so the peak should stay near the baseline, not grow with rows.
 * Run alone with `npm run bench -- --only exports` (or `npx tsx bench/exports.ts`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import { workOrders } from '../server/src/db/schema';
import { signIn } from './http';
import { type Child, readMemory, type Storage, sampleMemory, settle, startAppServer, waitReady } from './servers';

const WORK_ORDERS = 100_000;
/** About a fifth of each file at WORK_ORDERS rows (CSV 11.6 MB, xlsx 4.9 MB). */
const FIFTH = { csv: 2.3 * 1024 * 1024, xlsx: 1024 * 1024 };
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/**
 * The demo plant's first organization gets WORK_ORDERS more work orders, spread over its valves, in one statement,
 * then the statistics the seed CLI leaves (`vacuum analyze`).
 */
async function addWorkOrders(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    // Fixtures, not changes anyone made: no audit rows (whose sealing would run during the downloads).
    await database.db.execute(sql`set session_replication_role = replica`);
    await database.db.execute(sql`
      insert into work_orders (organization_id, work_order_id, valve_id, title, description, status, priority, created_at)
      select v.organization_id, 'WO-BENCH-' || lpad(g::text, 6, '0'), v.id,
        'Bench work order ' || g || ' on ' || v.valve_id, 'Seeded for the export bench',
        (array['pending', 'in_progress', 'completed'])[1 + g % 3], (array['high', 'medium', 'low'])[1 + g % 3],
        now() - (g || ' minutes')::interval
      from generate_series(1, ${WORK_ORDERS}) g
      join lateral (select id, organization_id, valve_id from valves where organization_id = 1
        order by id offset g % (select count(*) from valves where organization_id = 1) limit 1) v on true`);
    await database.db.execute(sql`set session_replication_role = default`);
    // As the seed CLI does: the planner's figures for the tables as they now are.
    await database.db.execute(sql`vacuum analyze`);
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(workOrders)
      .where(eq(workOrders.organizationId, 1));
    return row.n;
  } finally {
    await database.close();
  }
}

/** One download read to its end without keeping it: bytes, time, and the server's peak RSS meanwhile. */
async function download(server: Child, headers: Record<string, string>, format: 'csv' | 'xlsx') {
  const memory = sampleMemory(server.process.pid);
  const started = performance.now();
  const response = await fetch(`${server.url}/api/exports/work-orders?format=${format}`, { headers });
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  let firstByteMs = 0;
  // The peak when a fifth of the file has come: flat memory means the whole file's peak is no higher.
  let fifthKb = 0;
  const reader = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    if (!bytes) firstByteMs = performance.now() - started;
    bytes += part.value.byteLength;
    if (!fifthKb && bytes >= FIFTH[format]) fifthKb = memory.maxRssKb();
  }
  const ms = performance.now() - started;
  const peakKb = Math.max(memory.maxRssKb(), readMemory(server.process.pid)?.rssKb ?? 0);
  memory.stop();
  return { bytes, ms, firstByteMs, peakKb, fifthKb };
}

export async function runExportsBench(): Promise<void> {
  console.log(`\n== Exports: ${WORK_ORDERS.toLocaleString('en-US')} work orders more than the demo's, PGlite`);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'valveops-bench-exports-'));
  const storage: Storage = { kind: 'pglite', dataDir: path.join(tmp, 'data') };
  let server: Child | null = null;
  try {
    // The first start loads the demo plant (its people sign in); the work orders go in while no server holds it.
    server = await startAppServer(storage, true);
    await waitReady(server, 180_000);
    await server.stop();
    server = null;
    const seedStarted = performance.now();
    const rows = await addWorkOrders(storage.dataDir);
    console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; ${rows} work orders to export`);
    server = await startAppServer(storage, true);
    await waitReady(server, 180_000);
    const headers = await signIn(server.url);
    for (const format of ['csv', 'xlsx'] as const) {
      await settle(server);
      const baselineKb = readMemory(server.process.pid)?.rssKb ?? 0;
      const run = await download(server, headers, format);
      console.log(
        `${format.padEnd(4)} ${Math.round(rows / (run.ms / 1000)).toLocaleString('en-US')} rows/s, ` +
          `${(run.ms / 1000).toFixed(1)} s (first byte ${run.firstByteMs.toFixed(0)} ms), ` +
          `${(run.bytes / 1024 / 1024).toFixed(1)} MB; server RSS ${mb(baselineKb)} before, ${mb(run.peakKb)} peak ` +
          `(+${mb(run.peakKb - baselineKb)}; +${mb(run.fifthKb - baselineKb)} at a fifth of the file)`,
      );
    }
  } finally {
    await server?.stop();
    await rm(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runExportsBench();
