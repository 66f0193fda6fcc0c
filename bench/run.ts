/**
 * `npm run bench`: on {PGlite, PostgreSQL} x {demo data, N valves}, GET /api/valves and GET /api/valves/:id
 * (part 'valves'); on the demo data also the work order reads and writes, the readings batch and the analytics
 * dashboard one at a time (part 'endpoints') and the mixed workload at rising concurrency (part 'mixed'); each
 * next to a floor (bare node:http serving the same bytes) measured in the same run. Then Lighthouse on / and
 * /app (part 'lighthouse'). Prints figures and writes bench/results/latest.json (the last run, which
 * /performance shows). Exits non-zero only when something broke (a server did not start, a request failed),
 * never because a figure missed a target: timings on a shared 2-core machine are too noisy to gate on.
 *
 * Options: --duration <s> (default 10), --quick (3 s runs, 2,000 valves), --valves <n> (default 10000),
 * --connections <n> (default 50), --levels <n,n,...> (mixed workload concurrency, default 1,10,50,100),
 * --only <names> (comma-separated, any of: pglite, postgres, demo, seeded, valves, endpoints, mixed,
 * lighthouse, condition, channels, offline, plans, burst, imports, exports, ledger, cluster; names of one kind narrow that kind, e.g. `--only pglite,mixed`).
 * `--only condition` runs only the condition monitoring figures (bench/condition.ts), which need no server;
 * `--only channels` only the channel figures (bench/channels.ts: recompute of 1,000 valves × 8 channels from
 * rollups, ingest of 8,000 readings/s by API and MQTT next to a bare COPY; PostgreSQL and Mosquitto), scaled by
 * --channel-valves <n> (default: 300 recomputed, the 1,000 figure extrapolated; 1,000 streamed) and
 * --channel-seconds <s> of streamed data (default 10);
 * `--only offline` only the offline download and daily sync of 2,000 valves (bench/offline.ts), in process;
 * `--only plans` only the preventive plan figures (bench/plans.ts); `--only burst` only the tail of 100 new clients
 * at once (bench/burst.ts); `--only exports` only the streamed exports of 100,000 work orders as CSV and xlsx with
 * the server's RSS before and during (bench/exports.ts); `--only ledger` only the race for the last units of a part
 * and the cost report over 10,000 valves (bench/ledger.ts); `--only cluster` only the mixed workload through HAProxy
 * with 1, 2 and 3 servers on a primary and a replica, and the analytics reads on each (bench/cluster-bench.ts).
 * BENCH_PG_URL: admin connection used to create/drop the bench's own databases
 * (default postgres://postgres@127.0.0.1:5432/test).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LIGHTHOUSE_TARGETS } from '../common/constants';
import { captureForFloor, fetchBody, signIn } from './http';
import { interactionsOnApp } from './interactions';
import { type LighthouseResult, printLighthouse, runLighthouse } from './lighthouse';
import { type LoadSettings, type Measurement, measure, type PlannedRequest, reads, spreadIds } from './load';
import {
  checkMixedTargets,
  checkTargets,
  type EndpointResult,
  type MixedLevel,
  machineInfo,
  printMixed,
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
import { prepareWorkload } from './workload';
import { measureWriteFloor } from './write-floor';

/** The pages Lighthouse scores: the front door, and the app's home a signed-in technician opens first. */
const LIGHTHOUSE_PAGES = ['/', '/app'];

const TARGET_VALVES = 10_000;
/** How many different valves the detail endpoint rotates through (spread over the whole id range). */
const DETAIL_PATHS = 200;

type Scenario = { database: 'pglite' | 'postgres'; data: 'demo' | 'seeded' };
const DATABASES = ['pglite', 'postgres'] as const;
const DATA = ['demo', 'seeded'] as const;
const PARTS = [
  'valves',
  'endpoints',
  'mixed',
  'lighthouse',
  'condition',
  'channels',
  'offline',
  'plans',
  'burst',
  'imports',
  'exports',
  'ledger',
  'cluster',
] as const;
type Part = (typeof PARTS)[number];

function parseOptions() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string' },
      only: { type: 'string' },
      quick: { type: 'boolean', default: false },
      valves: { type: 'string' },
      connections: { type: 'string', default: '50' },
      levels: { type: 'string', default: '1,10,50,100' },
      'channel-valves': { type: 'string' },
      'channel-seconds': { type: 'string' },
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
  const levels = (values.levels ?? '').split(',').map((l) => Math.round(number(l.trim(), 1, 'levels')));
  const names = values.only ? values.only.split(',').map((n) => n.trim()) : [];
  const known = [...DATABASES, ...DATA, ...PARTS] as readonly string[];
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0) throw new Error(`--only: unknown ${unknown.join(', ')} (known: ${known.join(', ')})`);
  const pick = <T extends string>(all: readonly T[]): T[] => {
    const chosen = all.filter((a) => names.includes(a));
    return chosen.length > 0 ? chosen : [...all];
  };
  const parts = new Set<Part>(pick(PARTS));
  const valves = Math.round(number(values.valves, quick ? 2_000 : TARGET_VALVES, 'valves'));
  // Only the valve list and detail run on the seeded data; a run without them needs no seeding.
  const scenarios: Scenario[] = pick(DATABASES).flatMap((database) =>
    pick(DATA)
      .filter((data) => data === 'demo' || parts.has('valves'))
      .map((data) => ({ database, data })),
  );
  const channels = {
    valves:
      values['channel-valves'] === undefined
        ? undefined
        : Math.round(number(values['channel-valves'], 1, 'channel-valves')),
    seconds: Math.round(number(values['channel-seconds'], 10, 'channel-seconds')),
  };
  return { settings, valves, scenarios, parts, levels, channels };
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

async function runScenario(
  scenario: Scenario,
  settings: LoadSettings,
  valves: number,
  pg: PgDatabases | null,
  { parts, levels, runLighthouseHere }: { parts: Set<Part>; levels: number[]; runLighthouseHere: boolean },
) {
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
    const endpoints: { method: 'GET' | 'POST'; endpoint: string; plan: PlannedRequest[] }[] = [];
    if (parts.has('valves')) {
      endpoints.push(
        { method: 'GET', endpoint: '/api/valves', plan: reads(['/api/valves']) },
        { method: 'GET', endpoint: '/api/valves/:id', plan: reads(detailPaths) },
      );
    }
    const onDemo = scenario.data === 'demo';
    const workload =
      onDemo && (parts.has('endpoints') || parts.has('mixed')) ? await prepareWorkload(server.url, headers, ids) : null;
    if (workload && parts.has('endpoints')) endpoints.push(...workload.endpoints);
    const readPaths = [
      ...new Set([
        ...endpoints.flatMap((e) => e.plan.filter((r) => r.method === 'GET').map((r) => r.path)),
        ...(workload?.readPaths ?? []),
      ]),
    ];
    const manifest = await captureForFloor(
      server.url,
      readPaths,
      headers,
      path.join(tmp, 'floor'),
      workload?.writes ?? [],
    );
    const floor = await startFloorServer(manifest);
    onCleanup(floor.stop);
    await waitReady(floor, 30_000);

    const results: EndpointResult[] = [];
    for (const { method, endpoint, plan } of endpoints) {
      // Floor first, then the server right after, so both see the same machine state (other jobs, heat).
      console.log(
        `${method} ${endpoint}: floor, then server (${settings.durationS} s each at ${settings.connections} connections)`,
      );
      const floorFigures = await measure(floor.url, plan, headers, settings, () => settle(floor));
      assertAlive(floor);
      const linesBefore = server.lines;
      const serverFigures = await measure(server.url, plan, headers, settings, () => settle(server));
      assertAlive(server);
      results.push({
        method,
        endpoint,
        paths: plan.length,
        floor: floorFigures,
        server: serverFigures,
        serverLogLines: server.lines - linesBefore,
      });
    }

    let writeFloor: Measurement | undefined;
    if (workload && parts.has('endpoints')) {
      console.log(
        `raw write floor: a work order, its audit and idempotency rows by the plain driver (${settings.durationS} s at ${settings.connections} writers)`,
      );
      const floorStorage: Storage = { kind: scenario.database, dataDir: path.join(tmp, 'write-floor') };
      if (scenario.database === 'postgres' && pg) {
        const name = 'valveops_bench_write_floor';
        floorStorage.databaseUrl = await pg.create(name);
        onCleanup(() => pg.drop(name));
      }
      writeFloor = await measureWriteFloor(floorStorage, settings, (child) => onCleanup(child.stop));
    }

    const mixed: MixedLevel[] = [];
    if (workload && parts.has('mixed')) {
      for (const connections of levels) {
        console.log(`mixed workload at ${connections} connections: floor, then server (${settings.durationS} s each)`);
        const level = { ...settings, connections };
        const floorRss = sampleMemory(floor.process.pid);
        const floorFigures = await measure(floor.url, workload.mixed, headers, level, () => settle(floor));
        floorRss.stop();
        assertAlive(floor);
        const serverRss = sampleMemory(server.process.pid);
        const serverFigures = await measure(server.url, workload.mixed, headers, level, () => settle(server));
        serverRss.stop();
        assertAlive(server);
        const mb = (kb: number) => (kb > 0 ? kb / 1024 : null);
        mixed.push({
          connections,
          floor: floorFigures,
          server: serverFigures,
          floorMaxRssMb: mb(floorRss.maxRssKb()),
          serverMaxRssMb: mb(serverRss.maxRssKb()),
        });
      }
    }

    let lighthouse: LighthouseResult[] | undefined;
    if (runLighthouseHere) {
      console.log('Lighthouse on / and /app (mobile emulation)...');
      lighthouse = await runLighthouse(server.url, LIGHTHOUSE_PAGES, headers);
      const app = lighthouse.find((page) => page.page === '/app');
      if (app && !app.error) app.interactions = await interactionsOnApp(server.url, headers);
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
      ...(writeFloor && { writeFloor }),
      ...(mixed.length > 0 && { mixed, mixDescription: workload?.description }),
      serverLogTail: server.tail,
    };
    printScenario(result);
    printMixed(result);
    if (lighthouse) printLighthouse(lighthouse, LIGHTHOUSE_TARGETS);
    for (const note of workload?.notes ?? []) console.log(`note: ${note}`);
    return { result, lighthouse, notes: (workload?.notes ?? []).map((n) => `${label}: ${n}`) };
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
          `${s.name}, ${e.method ?? 'GET'} ${e.endpoint} (${run}): ${m.non2xx} non-2xx, ${m.errors} errors (${m.timeouts} timeouts)`,
        );
      }
    }
  }
  for (const level of s.mixed ?? []) {
    for (const [run, m] of [
      ['server', level.server],
      ['floor', level.floor],
    ] as const) {
      if (m.errors > 0 || m.non2xx > 0) {
        problems.push(
          `${s.name}, mixed workload at ${level.connections} connections (${run}): ${m.non2xx} non-2xx, ${m.errors} errors (${m.timeouts} timeouts)`,
        );
      }
    }
  }
  return problems;
}

/**
 * Lighthouse needs the client built from this checkout (the servers serve dist/client as they find it at start)
 * and Debian's Chromium, which the project's script installs on a fresh machine.
 */
function buildClient(): void {
  execFileSync('bash', [path.join(repoRoot, 'scripts', 'ensure-chromium.sh')], { cwd: repoRoot, stdio: 'inherit' });
  console.log('building the client for Lighthouse (vite build)...');
  execFileSync(path.join(repoRoot, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'error'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}

async function main() {
  const { settings, valves, scenarios: chosen, parts, levels, channels } = parseOptions();
  const channelsBench = async () => (await import('./channels')).runChannelsBench(channels);
  if (parts.size === 1 && parts.has('channels')) {
    await channelsBench();
    return;
  }
  if (parts.size === 1 && parts.has('condition')) {
    await (await import('./condition')).runConditionBench();
    return;
  }
  if (parts.size === 1 && parts.has('offline')) {
    await (await import('./offline')).runOfflineBench();
    return;
  }
  if (parts.size === 1 && parts.has('burst')) {
    await (await import('./burst')).runBurstBench();
    return;
  }
  if (parts.size === 1 && parts.has('exports')) {
    await (await import('./exports')).runExportsBench();
    return;
  }
  if (parts.size === 1 && parts.has('plans')) {
    await (await import('./plans')).runPlansBench();
    return;
  }
  if (parts.size === 1 && parts.has('ledger')) {
    await (await import('./ledger')).runLedgerBench();
    return;
  }
  if (parts.size === 1 && parts.has('cluster')) {
    await (await import('./cluster-bench')).runClusterBench(settings);
    return;
  }
  if (parts.size === 1 && parts.has('imports')) {
    await (await import('./imports')).runImportsBench();
    return;
  }
  // Lighthouse runs once, against the first demo server (PGlite unless left out).
  const lighthouseOn = parts.has('lighthouse') ? chosen.find((s) => s.data === 'demo') : undefined;
  const measuresLoad = parts.has('valves') || parts.has('endpoints') || parts.has('mixed');
  const scenarios = measuresLoad ? chosen : chosen.filter((s) => s === lighthouseOn);
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

  if (lighthouseOn) buildClient();
  const results: ScenarioResult[] = [];
  const problems: string[] = [];
  const notes: string[] = [];
  let lighthouse: LighthouseResult[] | undefined;
  let broken = false;
  for (const scenario of scenarios) {
    if (stopping) break;
    try {
      const ran = await runScenario(scenario, settings, valves, pg, {
        parts,
        levels,
        runLighthouseHere: scenario === lighthouseOn,
      });
      const result = ran.result;
      results.push(result);
      notes.push(...ran.notes);
      if (ran.lighthouse) {
        lighthouse = ran.lighthouse;
        for (const page of lighthouse)
          if (page.error) problems.push(`Lighthouse on ${page.page} failed: ${page.error}`);
      }
      const failed = problemsOf(result);
      if (failed.length > 0) broken = true;
      problems.push(...failed);
      for (const e of result.endpoints) {
        if (e.serverLogLines > 0)
          problems.push(
            `${result.name}, ${e.method ?? 'GET'} ${e.endpoint}: server logged ${e.serverLogLines} lines (see serverLogTail in the JSON)`,
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
    ...(lighthouse && { lighthouse }),
    targets: [...checkTargets(results, TARGET_VALVES), ...checkMixedTargets(results, lighthouse)],
    notes,
    problems,
  };
  printSummary(report);
  const file = await writeReport(report, path.join(repoRoot, 'bench', 'results'));
  console.log(`Report: ${path.relative(process.cwd(), file)}`);
  if (!stopping) await (await import('./analytics')).runAnalyticsBench();
  if (!stopping && parts.has('condition')) await (await import('./condition')).runConditionBench();
  if (!stopping && parts.has('channels')) await channelsBench();
  if (!stopping && parts.has('offline')) await (await import('./offline')).runOfflineBench();
  if (!stopping && parts.has('plans')) await (await import('./plans')).runPlansBench();
  if (!stopping && parts.has('burst')) await (await import('./burst')).runBurstBench();
  if (!stopping && parts.has('imports')) await (await import('./imports')).runImportsBench();
  if (!stopping && parts.has('exports')) await (await import('./exports')).runExportsBench();
  if (!stopping && parts.has('ledger')) await (await import('./ledger')).runLedgerBench();
  if (!stopping && parts.has('cluster')) await (await import('./cluster-bench')).runClusterBench(settings);
  if (broken) process.exitCode = 1;
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => unwindTo(0));
