/**
 * `npm run bench`: GET /api/valves and GET /api/valves/:id on {PGlite, PostgreSQL} x {demo data, N valves},
 * each next to a floor (bare node:http serving the same bytes) measured in the same run. Prints figures and
 * writes bench/results/latest.json. Exits non-zero only when something broke (a server did not start, a request
 * failed), never because a figure missed a target: timings on a shared 2-core machine are too noisy to gate on.
 *
 * Options: --duration <s> (default 10), --only pglite|postgres, --quick (3 s runs, 2,000 valves),
 * --valves <n> (default 10000), --connections <n> (default 50).
 * BENCH_PG_URL: admin connection used to create/drop the bench's own databases
 * (default postgres://postgres@127.0.0.1:5432/test).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { captureForFloor, fetchBody, signIn } from './http';
import { type LoadSettings, measure, spreadIds } from './load';
import {
  checkTargets,
  type EndpointResult,
  machineInfo,
  printScenario,
  printSummary,
  type Report,
  type ScenarioResult,
  writeReport,
} from './report';
import {
  type Child,
  PgDatabases,
  readMemory,
  repoRoot,
  type Storage,
  sampleMemory,
  seed,
  settle,
  startAppServer,
  startFloorServer,
  waitReady,
} from './servers';

const TARGET_VALVES = 10_000;
/** How many different valves the detail endpoint rotates through (spread over the whole id range). */
const DETAIL_PATHS = 200;

type Scenario = { database: 'pglite' | 'postgres'; data: 'demo' | 'seeded' };

function parseOptions() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string' },
      only: { type: 'string' },
      quick: { type: 'boolean', default: false },
      valves: { type: 'string' },
      connections: { type: 'string', default: '50' },
    },
  });
  const quick = values.quick ?? false;
  const number = (text: string | undefined, fallback: number, name: string) => {
    const n = text === undefined ? fallback : Number(text);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
    return n;
  };
  const durationS = number(values.duration, quick ? 3 : 10, 'duration');
  const settings: LoadSettings = {
    connections: number(values.connections, 50, 'connections'),
    durationS,
    // Long enough for the JIT and the database's caches; short so four scenarios stay within ~10 minutes.
    warmupS: quick ? 1 : Math.min(3, Math.ceil(durationS / 3)),
    // Generous: a slow response is a figure to print, not a failure; only a truly stuck request counts.
    timeoutS: 30,
  };
  if (values.only && values.only !== 'pglite' && values.only !== 'postgres') {
    throw new Error('--only must be pglite or postgres');
  }
  const valves = Math.round(number(values.valves, quick ? 2_000 : TARGET_VALVES, 'valves'));
  const databases = values.only ? [values.only as 'pglite' | 'postgres'] : (['pglite', 'postgres'] as const);
  const scenarios: Scenario[] = databases.flatMap((database) => [
    { database, data: 'demo' as const },
    { database, data: 'seeded' as const },
  ]);
  return { settings, valves, scenarios };
}

/**
 * Everything to undo, newest first. Scenarios unwind their own part when they end; a signal or crash unwinds
 * the rest, so no server, database or temp dir outlives the run.
 */
const cleanups: Array<() => Promise<void>> = [];
/** Unwinds run one after another: a signal's unwind must wait for one already under way, not skip its steps. */
let unwinding: Promise<void> = Promise.resolve();
function unwindTo(depth: number): Promise<void> {
  unwinding = unwinding.then(async () => {
    while (cleanups.length > depth) {
      const undo = cleanups.pop();
      try {
        await undo?.();
      } catch (error) {
        console.error(`cleanup failed: ${error instanceof Error ? error.message : error}`);
      }
    }
  });
  return unwinding;
}
/** Set by Ctrl-C / SIGTERM: no new scenario starts, and whatever a scenario adds is undone at once. */
let stopping = false;
function onCleanup(undo: () => Promise<void>): void {
  cleanups.push(undo);
  // The scenario's own `finally` unwinds what was just pushed; throwing stops it from going on.
  if (stopping) throw new Error('stopped by signal');
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping and cleaning up`);
    stopping = true;
    // Killing the servers now makes a running measurement end with errors instead of running out its time.
    void unwindTo(0);
    setTimeout(() => process.exit(130), 60_000).unref();
  });
}

function assertAlive(child: Child): void {
  if (child.process.exitCode !== null || child.process.signalCode !== null) {
    throw new Error(`${child.name} died during the run:\n${child.tail.join('\n')}`);
  }
}

async function runScenario(scenario: Scenario, settings: LoadSettings, valves: number, pg: PgDatabases | null) {
  const depth = cleanups.length;
  const label = `${scenario.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${scenario.data === 'demo' ? 'demo data' : `${valves} valves`}`;
  console.log(`\n== ${label}`);
  try {
    const tmp = await mkdtemp(path.join(os.tmpdir(), `valveops-bench-${scenario.database}-${scenario.data}-`));
    onCleanup(() => rm(tmp, { recursive: true, force: true }));
    const storage: Storage = { kind: scenario.database, dataDir: path.join(tmp, 'data') };
    if (scenario.database === 'postgres') {
      if (!pg) throw new Error('no PostgreSQL admin connection');
      const name = `valveops_bench_${scenario.data === 'demo' ? 'demo' : 'seeded'}`;
      storage.databaseUrl = await pg.create(name);
      onCleanup(() => pg.drop(name));
    }

    const started = performance.now();
    let seedSummary: string | undefined;
    if (scenario.data === 'seeded') {
      console.log(`seeding ${valves} valves...`);
      seedSummary = await seed(storage, valves, (child) => onCleanup(child.stop));
      console.log(seedSummary);
    }
    const server = await startAppServer(storage, scenario.data === 'demo');
    onCleanup(server.stop);
    await waitReady(server, 600_000);
    const setupS = (performance.now() - started) / 1000;
    const memory = sampleMemory(server.process.pid);
    onCleanup(async () => memory.stop());

    const headers = await signIn(server.url);
    const list = await fetchBody(`${server.url}/api/valves`, headers);
    const ids = (JSON.parse(list.body.toString()) as Array<{ id: number }>).map((v) => v.id);
    if (ids.length === 0) throw new Error('GET /api/valves returned no valves');
    const detailPaths = spreadIds(ids, DETAIL_PATHS).map((id) => `/api/valves/${id}`);
    const endpoints = [
      { endpoint: '/api/valves', paths: ['/api/valves'] },
      { endpoint: '/api/valves/:id', paths: detailPaths },
    ];
    const allPaths = endpoints.flatMap((e) => e.paths);
    const manifest = await captureForFloor(server.url, allPaths, headers, path.join(tmp, 'floor'));
    const floor = await startFloorServer(manifest);
    onCleanup(floor.stop);
    await waitReady(floor, 30_000);

    const results: EndpointResult[] = [];
    for (const { endpoint, paths } of endpoints) {
      // Floor first, then the server right after, so both see the same machine state (other jobs, heat).
      console.log(
        `GET ${endpoint}: floor, then server (${settings.durationS} s each at ${settings.connections} connections)`,
      );
      const floorFigures = await measure(floor.url, paths, headers, settings, () => settle(floor));
      assertAlive(floor);
      const linesBefore = server.lines;
      const serverFigures = await measure(server.url, paths, headers, settings, () => settle(server));
      assertAlive(server);
      results.push({
        endpoint,
        paths: paths.length,
        floor: floorFigures,
        server: serverFigures,
        serverLogLines: server.lines - linesBefore,
      });
    }
    const peak = readMemory(server.process.pid);
    const result: ScenarioResult = {
      name: label,
      database: scenario.database,
      data: scenario.data,
      valves: ids.length,
      setupS,
      seedSummary,
      peakRssMb: peak ? peak.hwmKb / 1024 : null,
      maxRssUnderLoadMb: peak ? memory.maxRssKb() / 1024 : null,
      endpoints: results,
      serverLogTail: server.tail,
    };
    printScenario(result);
    return result;
  } finally {
    await unwindTo(depth);
  }
}

/** What counts as broken (exit 1): failed requests on either server. Slowness is never a problem here. */
function problemsOf(s: ScenarioResult): string[] {
  const problems: string[] = [];
  for (const e of s.endpoints) {
    for (const [run, m] of [
      ['server', e.server],
      ['floor', e.floor],
    ] as const) {
      if (m.errors > 0 || m.non2xx > 0) {
        problems.push(
          `${s.name}, GET ${e.endpoint} (${run}): ${m.non2xx} non-2xx, ${m.errors} errors (${m.timeouts} timeouts)`,
        );
      }
    }
  }
  return problems;
}

async function main() {
  const { settings, valves, scenarios } = parseOptions();
  const startedAt = new Date();
  console.log(
    `ValveOps bench: ${scenarios.length} scenarios, ${settings.connections} connections, ${settings.durationS} s runs ` +
      `after ${settings.warmupS} s warm-up, seeded scenarios with ${valves} valves. Figures only; noisy on a busy machine.`,
  );
  let pg: PgDatabases | null = null;
  if (scenarios.some((s) => s.database === 'postgres')) {
    pg = new PgDatabases(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
    await pg.check().catch((error: unknown) => {
      throw new Error(
        `cannot reach PostgreSQL for the bench (${error instanceof Error ? error.message : error}); set BENCH_PG_URL or use --only pglite`,
      );
    });
  }

  const results: ScenarioResult[] = [];
  const problems: string[] = [];
  let broken = false;
  for (const scenario of scenarios) {
    if (stopping) break;
    try {
      const result = await runScenario(scenario, settings, valves, pg);
      results.push(result);
      const failed = problemsOf(result);
      if (failed.length > 0) broken = true;
      problems.push(...failed);
      for (const e of result.endpoints) {
        if (e.serverLogLines > 0)
          problems.push(
            `${result.name}, GET ${e.endpoint}: server logged ${e.serverLogLines} lines (see serverLogTail in the JSON)`,
          );
      }
    } catch (error) {
      if (stopping) break;
      broken = true;
      problems.push(`${scenario.database}/${scenario.data} failed: ${error instanceof Error ? error.message : error}`);
      console.error(problems[problems.length - 1]);
    }
  }

  if (stopping) {
    process.exitCode = 130;
    return;
  }
  const report: Report = {
    startedAt: startedAt.toISOString(),
    totalS: (Date.now() - startedAt.getTime()) / 1000,
    settings: { connections: settings.connections, durationS: settings.durationS, warmupS: settings.warmupS, valves },
    machine: machineInfo(),
    scenarios: results,
    targets: checkTargets(results, TARGET_VALVES),
    problems,
  };
  printSummary(report);
  const file = await writeReport(report, path.join(repoRoot, 'bench', 'results'));
  console.log(`Report: ${path.relative(process.cwd(), file)}`);
  if (!stopping) await (await import('./analytics')).runAnalyticsBench();
  if (broken) process.exitCode = 1;
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => unwindTo(0));
