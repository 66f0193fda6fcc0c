/**
 * Issue 18's figures: the first offline download and a day's sync of a 2,000-valve plant, through the real route
 * (GET /api/offline/changes) on PGlite, in process. Prints time, bytes and records for each.
 */
import { ne, sql } from 'drizzle-orm';
import { workOrders } from '../server/src/db/schema';
import { send } from '../server/src/testing/send';
import { createTestApp } from '../server/src/testing/test-app';
import { vsLast } from './last-run';

const VALVES = 2_000;
/** A day on a 2,000-valve site: notes on a few dozen orders and a handful of valve edits. */
const NOTES_PER_DAY = 40;

export async function runOfflineBench(): Promise<void> {
  console.log(`\n== Offline download and daily sync, ${VALVES} valves (PGlite, in process)`);
  const seeding = Date.now();
  const t = await createTestApp({ valves: VALVES });
  console.log(`seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
  try {
    const fetchChanges = async (since?: string, plant?: string) => {
      const query = new URLSearchParams({ ...(since ? { since } : {}), ...(plant ? { plant } : {}) }).toString();
      const started = performance.now();
      const res = await t.get(`/api/offline/changes${query ? `?${query}` : ''}`);
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`offline changes answered ${res.statusCode}: ${res.body}`);
      const body = res.json() as { cursor: string; valves: unknown[]; workOrders: unknown[] };
      return { ms, bytes: res.rawPayload.length, body };
    };
    const first = await fetchChanges();
    // What a technician who keeps one plant downloads (the device asks plant by plant, decision 024).
    const onePlant = await fetchChanges(undefined, 'Power Plant A');
    const estimating = performance.now();
    const estimate = await t.get('/api/offline/estimate');
    const estimateMs = performance.now() - estimating;
    // The day passes: every stamp moves back a day, then the day's writes happen through the API.
    for (const table of ['valves', 'work_orders']) {
      await t.db.execute(sql.raw(`update ${table} set updated_at = updated_at - interval '1 day'`));
    }
    for (const table of ['maintenance_records', 'photos']) {
      await t.db.execute(sql.raw(`update ${table} set created_at = created_at - interval '1 day'`));
    }
    const since = new Date(Date.now() - 23 * 3_600_000).toISOString();
    const open = await t.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(ne(workOrders.status, 'completed'))
      .orderBy(workOrders.id)
      .limit(NOTES_PER_DAY);
    for (const { id } of open) {
      const res = await send(t, 'POST', `/api/work-orders/${id}/notes`, { text: 'Checked on the round' });
      if (res.statusCode !== 201) throw new Error(`note answered ${res.statusCode}: ${res.body}`);
    }
    const daily = await fetchChanges(since);
    const row = (label: string, f: Awaited<ReturnType<typeof fetchChanges>>) =>
      console.log(
        `${label.padEnd(16)} ${f.ms.toFixed(0).padStart(7)} ms ${(f.bytes / 1_000).toFixed(1).padStart(10)} kB ` +
          `${String(f.body.valves.length).padStart(7)} valves ${String(f.body.workOrders.length).padStart(6)} work orders` +
          vsLast(`offline | ${label} ms`, f.ms),
      );
    row('first download', first);
    row('one plant (A)', onePlant);
    console.log(`estimate (counts per plant) ${estimateMs.toFixed(0)} ms, ${estimate.rawPayload.length} bytes`);
    row(`daily sync (${NOTES_PER_DAY} notes)`, daily);
    console.log(
      `daily sync moves ${((daily.bytes / first.bytes) * 100).toFixed(2)}% of the first download's bytes (JSON, before compression)`,
    );
  } finally {
    await t.close();
  }
}
