/**
 * A burst of new clients (issue 15, finding 6): 100 phones open the app at the same moment, each making the
 * reads a first screen makes (session, valve list, work orders, dashboard figures and feed, assignees) at once.
 * Printed per engine, PGlite with its request queue (the default) and without it (PGLITE_QUEUE_LIMIT=0): p50, p99
 * and max latency, and how many were answered 503 (busy; the client retries after Retry-After) or otherwise not
 * 200. Never gated. `npm run bench -- --only burst`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EARLY_READS, EARLY_SESSION_READ } from '../client/src/lib/offline/early-reads';
import { signIn } from './http';
import { vsLast } from './last-run';
import { PgDatabases, type Storage, seed, startAppServer, waitReady } from './servers';

const CLIENTS = 100;
const VALVES = 500;
/**
 * What /app asks for as it opens, taken from the client itself (its early reads: the session, the dashboard's
 * figures, three valves, two work orders, the feed) and the bell's notifications. Until stop 51 this was a list of
 * its own with the unpaged valve and work order lists, which the first screen stopped reading long ago: 100 copies
 * of 5,506 work orders were most of what it measured.
 */
const FIRST_SCREEN = [EARLY_SESSION_READ, ...EARLY_READS['/app'], '/api/notifications'];
type Figures = { requests: number; p50: number; p99: number; max: number; busy: number; failed: number };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function burst(url: string, headers: Record<string, string>): Promise<Figures> {
  const timings: number[] = [];
  let busy = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, () =>
      Promise.all(
        FIRST_SCREEN.map(async (screen) => {
          const started = performance.now();
          try {
            const response = await fetch(`${url}${screen}`, { headers, signal: AbortSignal.timeout(120_000) });
            await response.arrayBuffer();
            if (response.status === 503) busy++;
            else if (!response.ok) failed++;
          } catch {
            failed++;
          }
          timings.push(performance.now() - started);
        }),
      ),
    ),
  );
  timings.sort((a, b) => a - b);
  return {
    requests: timings.length,
    p50: percentile(timings, 0.5),
    p99: percentile(timings, 0.99),
    max: timings[timings.length - 1],
    busy,
    failed,
  };
}

async function scenario(label: string, storage: Storage, env: NodeJS.ProcessEnv) {
  const server = await startAppServer(storage, false, env);
  try {
    await waitReady(server, 600_000);
    const headers = await signIn(server.url);
    // One burst to warm the server (its first reads compile queries and fill caches), then the measured one.
    await burst(server.url, headers);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const f = await burst(server.url, headers);
    const ms = (n: number) => `${Math.round(n)} ms`;
    console.log(
      `${label.padEnd(28)} ${f.requests} requests: p50 ${ms(f.p50)}, p99 ${ms(f.p99)}${vsLast(`burst | ${label} | p99 ms`, f.p99)}, ` +
        `max ${ms(f.max)}; 503 busy ${f.busy}${vsLast(`burst | ${label} | 503s`, f.busy)}, other failures ${f.failed}`,
    );
    return f;
  } finally {
    await server.stop();
  }
}

export async function runBurstBench(): Promise<void> {
  console.log(`\n== burst: ${CLIENTS} new clients at once, ${FIRST_SCREEN.length} reads each, ${VALVES} valves`);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'valveops-bench-burst-'));
  const databases = new PgDatabases(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  try {
    const pglite: Storage = { kind: 'pglite', dataDir: path.join(tmp, 'pglite') };
    console.log(await seed(pglite, VALVES, () => {}));
    await scenario('PGlite, queue (default)', pglite, {});
    await scenario('PGlite, no queue', pglite, { PGLITE_QUEUE_LIMIT: '0' });
    const reachable = await databases.check().then(
      () => true,
      () => false,
    );
    if (reachable) {
      const postgres: Storage = {
        kind: 'postgres',
        dataDir: path.join(tmp, 'postgres'),
        databaseUrl: await databases.create('valveops_bench_burst'),
      };
      console.log(await seed(postgres, VALVES, () => {}));
      await scenario('PostgreSQL', postgres, {});
    }
  } finally {
    await databases.dropAll();
    await rm(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runBurstBench();
