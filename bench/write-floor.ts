/**
 * The raw write floor (issue 31): what the database alone takes to store the rows POST /api/work-orders must
 * store, written by the plain driver with no server in front. In one transaction: the actor for the audit trail,
 * the work order row (its audit row and its notice written by the product's own triggers) and its idempotency row
 * with the answer, in a database made by the product's migrations, so columns, indexes and triggers are the
 * product's. As many writers at once as the load has connections; on PostgreSQL through a pool the server's size.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { defaultPoolSize } from '../server/src/config';
import type { LoadSettings, Measurement } from './load';
import { type Child, type Storage, seed } from './servers';

type Statement = { text: string; values: unknown[] };
/** One transaction of statements, as the plain driver runs it. */
type RunTransaction = (statements: Statement[]) => Promise<void>;

/** The answer a created work order replays (its size matters to the idempotency row, not its words). */
const ANSWER = JSON.stringify({ title: 'Bench: quarterly inspection', description: 'x'.repeat(900) });

let written = 0;
function workOrderWrite(): Statement[] {
  const n = written++;
  return [
    {
      text: `select set_config('valveops.user_id', '1', true), set_config('valveops.device', 'bench', true)`,
      values: [],
    },
    {
      text: `insert into work_orders (organization_id, work_order_id, valve_id, title, description, priority,
        created_by_user_id) values (1, $1, 1, 'Bench: quarterly inspection', 'Written by npm run bench', 'medium', 1)`,
      values: [`FLOOR-${process.pid}-${n}`],
    },
    {
      text: `insert into idempotency_keys (user_id, key, method, path, fingerprint, status_code, response_body,
        content_type) values (1, $1, 'POST', '/api/work-orders', $2, 201, $3, 'application/json')`,
      values: [`floor-${process.pid}-${n}`, 'f'.repeat(64), ANSWER],
    },
  ];
}

async function writers(run: RunTransaction, connections: number, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await run(workOrderWrite());
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

function figures(latencies: number[], seconds: number): Measurement {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: sorted.at(-1) ?? 0,
    requestsPerS: latencies.length / seconds,
    total: latencies.length,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    bytesPerResponse: 0,
    drainS: 0,
  };
}

async function measureWith(run: RunTransaction, settings: LoadSettings): Promise<Measurement> {
  if (settings.warmupS > 0) await writers(run, Math.min(10, settings.connections), settings.warmupS);
  return figures(await writers(run, settings.connections, settings.durationS), settings.durationS);
}

/** The floor on PostgreSQL through a pool the server's size. */
async function onPostgres(databaseUrl: string, settings: LoadSettings): Promise<Measurement> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: defaultPoolSize() });
  try {
    return await measureWith(async (statements) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        for (const s of statements) await client.query(s.text, s.values);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    }, settings);
  } finally {
    await pool.end();
  }
}

/** The floor on an embedded PGlite of its own, in this process (the server's is its process's alone). */
async function onPglite(directory: string, settings: LoadSettings): Promise<Measurement> {
  const client = new PGlite(directory);
  try {
    return await measureWith(async (statements) => {
      await client.transaction(async (tx) => {
        for (const s of statements) await tx.query(s.text, s.values);
      });
    }, settings);
  } finally {
    await client.close();
  }
}

/**
 * The raw write floor on a database of its own, given a small demo plant by the seed CLI (servers.ts `seed`, so
 * migrated as the server's), on the engine of the scenario.
 */
export async function measureWriteFloor(
  storage: Storage,
  settings: LoadSettings,
  track: (child: Child) => void,
): Promise<Measurement> {
  await seed(storage, 5, track);
  return storage.databaseUrl
    ? onPostgres(storage.databaseUrl, settings)
    : onPglite(path.join(storage.dataDir, 'pglite'), settings);
}
