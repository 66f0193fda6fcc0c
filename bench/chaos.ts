/**
 * `npm run chaos`: the fault runs of issue 15, repeated. On PGlite (a fresh folder per run) and, when PostgreSQL
 * answers at BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test), on a fresh database per run: kill -9
 * under writes then restart, and (PostgreSQL) backends terminated under writes. Prints per run and in total the
 * writes acknowledged, missing and duplicated; exits 1 when any acknowledged write went missing, any was written
 * twice, the server died or answered something other than 201 or 503. Then, once per engine, the password-guessing
 * runs of issue 27 (bench/chaos-guessing.ts: sign-in squatting, signature guessing) and, on PostgreSQL, the
 * job-worker kill run (bench/chaos-worker.ts: plan generation killed mid-run), printed beside them; exits 1 too
 * when a guessing run was not held by the per-account limit, or generation did not resume within a minute whole.
 *
 * Options: --runs <n> (default 3 of each), --load <ms> (writes per run, default 3000), --writers <n> (default 8).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type GuessTally, printGuessTally, signatureGuessRun, squattingRun } from './chaos-guessing';
import { type ChaosTally, killRun, printTally, terminationRun } from './chaos-runs';
import { printWorkerKillTally, type WorkerKillTally, workerKillRun } from './chaos-worker';
import { PgDatabases } from './servers';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    load: { type: 'string', default: '3000' },
    writers: { type: 'string', default: '8' },
  },
});
const runs = Number(values.runs);
const loadMs = Number(values.load);
const writers = Number(values.writers);

const databases = new PgDatabases(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const postgres = await databases.check().then(
  () => true,
  (error: Error) => {
    console.log(`PostgreSQL not reachable (${error.message}): PGlite only.`);
    return false;
  },
);

const results: ChaosTally[] = [];
const guessing: GuessTally[] = [];
let workerKill: WorkerKillTally | null = null;
const record = (result: ChaosTally) => {
  results.push(result);
  console.log(printTally(result));
};

try {
  for (let i = 0; i < runs; i++) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'valveops-chaos-'));
    try {
      record(await killRun({ kind: 'pglite', dataDir }, { loadMs, writers, run: `kill${i}` }));
      if (postgres) {
        const name = `valveops_bench_chaos_${process.pid}_${i}`;
        const databaseUrl = await databases.create(name);
        record(await killRun({ kind: 'postgres', dataDir, databaseUrl }, { loadMs, writers, run: `kill${i}` }));
        await databases.drop(name);
        const again = await databases.create(name);
        record(
          await terminationRun({ kind: 'postgres', dataDir, databaseUrl: again }, { loadMs, writers, run: `term${i}` }),
        );
        await databases.drop(name);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'valveops-chaos-'));
  try {
    for (const run of [squattingRun, signatureGuessRun]) {
      guessing.push(await run({ kind: 'pglite', dataDir: await mkdtemp(path.join(dataDir, 'run-')) }));
      if (postgres) {
        const name = `valveops_bench_guess_${process.pid}_${guessing.length}`;
        const databaseUrl = await databases.create(name);
        guessing.push(await run({ kind: 'postgres', dataDir, databaseUrl }));
        await databases.drop(name);
      }
    }
    if (postgres) {
      const name = `valveops_bench_worker_${process.pid}`;
      workerKill = await workerKillRun({ kind: 'postgres', dataDir, databaseUrl: await databases.create(name) });
      await databases.drop(name);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
} finally {
  await databases.dropAll();
}

const sum = (pick: (t: ChaosTally) => number, of = results) => of.reduce((total, t) => total + pick(t), 0);
console.log('\ntotal');
for (const [engine, fault] of [
  ['pglite', 'kill -9'],
  ['postgres', 'kill -9'],
  ['postgres', 'terminate'],
] as const) {
  const of = results.filter((t) => t.engine === engine && t.fault === fault);
  if (!of.length) continue;
  console.log(
    `${engine.padEnd(8)} ${fault.padEnd(9)} ${of.length} runs: sent ${sum((t) => t.sent, of)}, acknowledged ` +
      `${sum((t) => t.acknowledged, of)}, missing ${sum((t) => t.missing, of)}, duplicated ` +
      `${sum((t) => t.duplicated, of)}, servers died ${of.filter((t) => t.died).length}, unexpected answers ` +
      `${sum((t) => t.unexpected.length, of)}, failed retries ${sum((t) => t.failedRetries.length, of)}`,
  );
}
for (const t of guessing) console.log(printGuessTally(t));
if (workerKill) console.log(printWorkerKillTally(workerKill));
const broken =
  results.some(
    (t) => t.died || t.missing !== 0 || t.duplicated !== 0 || t.unexpected.length || t.failedRetries.length,
  ) ||
  guessing.some((t) => !t.held) ||
  (workerKill !== null && !workerKill.held);
process.exit(broken ? 1 : 0);
