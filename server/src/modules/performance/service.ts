/** System health and live benchmarks from the metrics plugin's rolling windows (docs/performance.md). */
import { BENCHMARK_CATEGORIES, PERFORMANCE_WINDOW, TARGETS } from '@common/constants';
import type { Benchmark, BenchmarkCategory, SystemHealth } from '@common/schemas/performance';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { RollingWindow, WindowFigures } from '../../lib/rolling-window';
import type { Metrics } from '../../plugins/metrics';
import { statusOf, trendOf, worstStatus } from './status';

const { windowMs, trendDeadBand } = PERFORMANCE_WINDOW;
/** Error-rate changes under a tenth of a percentage point are noise, not a trend. */
const ERROR_RATE_TREND_FLOOR = 0.1;

const percent = (f: WindowFigures) => (f.count === 0 ? null : (f.errors / f.count) * 100);

/** How much of the window the process has lived through: a young process has measured less than 5 minutes. */
function coveredMs(uptimeS: number): number {
  return Math.min(windowMs, uptimeS * 1000);
}

function describeWindow(uptimeS: number, count: number, what: string): string {
  const covered = coveredMs(uptimeS);
  const minutes = windowMs / 60_000;
  const span = covered < windowMs ? `last ${formatSpan(covered)} (since the server started)` : `last ${minutes} min`;
  return `${span} of live traffic, ${count.toLocaleString('en-US')} ${count === 1 ? what.replace(/s$/, '') : what}`;
}

function formatSpan(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** `select 1` round trip in ms; null when the database does not answer. */
async function databaseRoundTrip(db: Database): Promise<number | null> {
  const start = performance.now();
  try {
    await db.execute(sql`select 1`);
    return performance.now() - start;
  } catch {
    return null;
  }
}

export async function systemHealth(db: Database, metrics: Metrics, now = Date.now()): Promise<SystemHealth> {
  const uptime = process.uptime();
  const f = metrics.requests.figures(windowMs, now);
  const databaseMs = await databaseRoundTrip(db);
  const errorRate = percent(f);
  const statuses = {
    responseTime: f.p95 === null ? null : statusOf(f.p95, TARGETS.responseTimeMs, 'lower'),
    errorRate: errorRate === null ? null : statusOf(errorRate, TARGETS.errorRatePercent, 'lower'),
    database: databaseMs === null ? ('critical' as const) : statusOf(databaseMs, TARGETS.responseTimeMs, 'lower'),
  };
  const covered = coveredMs(uptime);
  return {
    overall: worstStatus([statuses.responseTime, statuses.errorRate, statuses.database]),
    uptime,
    responseTime: f.p95,
    errorRate,
    throughput: covered > 0 ? f.count / (covered / 60_000) : 0,
    statuses,
    databaseMs,
    window: { seconds: covered / 1000, requests: f.count },
    measuredAt: new Date(now).toISOString(),
  };
}

type LiveSource = { key: string; category: BenchmarkCategory; what: string; window: RollingWindow; unit: string };

/**
 * Per category, p95 time and error rate of the live window, with the trend against the window before it.
 * A category with no traffic in the window has no figure: nothing is shown that was not measured.
 */
export function liveBenchmarks(metrics: Metrics, now = Date.now()): Benchmark[] {
  const uptime = process.uptime();
  const sources: LiveSource[] = [
    { key: 'api', category: 'API', what: 'API requests', window: metrics.api, unit: 'requests' },
    { key: 'database', category: 'Database', what: 'queries', window: metrics.queries, unit: 'queries' },
    { key: 'writes', category: 'Offline Sync', what: 'writes', window: metrics.writes, unit: 'writes' },
    {
      key: 'analytics',
      category: 'Analytics',
      what: 'analytics requests',
      window: metrics.analytics,
      unit: 'requests',
    },
  ];
  const lastUpdated = new Date(now).toISOString();
  const list: Benchmark[] = [];
  for (const s of sources) {
    const current = s.window.figures(windowMs, now);
    if (current.count === 0 || current.p95 === null) continue;
    const previous = s.window.figures(windowMs, now, windowMs);
    const window = describeWindow(uptime, current.count, s.unit);
    const label = s.key === 'database' ? 'Query time' : 'Response time';
    const rate = percent(current) ?? 0;
    list.push(
      {
        id: `live.${s.key}.p95`,
        category: s.category,
        metric: `${label} p95 (${s.what})`,
        value: current.p95,
        unit: 'ms',
        target: TARGETS.responseTimeMs,
        better: 'lower',
        status: statusOf(current.p95, TARGETS.responseTimeMs, 'lower'),
        trend: trendOf(current.p95, previous.p95, trendDeadBand),
        lastUpdated,
        source: 'live',
        window,
      },
      {
        id: `live.${s.key}.error-rate`,
        category: s.category,
        metric: s.key === 'database' ? 'Failed queries' : `Error rate, 5xx (${s.what})`,
        value: rate,
        unit: '%',
        target: TARGETS.errorRatePercent,
        better: 'lower',
        status: statusOf(rate, TARGETS.errorRatePercent, 'lower'),
        trend: trendOf(rate, percent(previous), trendDeadBand, ERROR_RATE_TREND_FLOOR),
        lastUpdated,
        source: 'live',
        window,
      },
    );
  }
  return list;
}

/** Live figures first, then the bench's, grouped by category in the display order of BENCHMARK_CATEGORIES. */
export function orderBenchmarks(list: Benchmark[]): Benchmark[] {
  const rank = (b: Benchmark) => BENCHMARK_CATEGORIES.indexOf(b.category) * 2 + (b.source === 'live' ? 0 : 1);
  return list
    .map((b, i) => ({ b, i }))
    .sort((x, y) => rank(x.b) - rank(y.b) || x.i - y.i)
    .map(({ b }) => b);
}
