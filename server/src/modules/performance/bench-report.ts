/**
 * The last `npm run bench` report (bench/results/latest.json) as benchmarks. bench/report.ts writes the file
 * with these types, so writer and reader cannot drift apart; the reader still checks it, since the file may be
 * from an older bench or hand-edited.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { LIGHTHOUSE_TARGETS, PERFORMANCE_WINDOW, TARGETS } from '@common/constants';
import type { Benchmark, BenchmarkCategory } from '@common/schemas/performance';
import { z } from 'zod';
import { statusOf, trendOf } from './status';

const measurement = z.object({
  p50Ms: z.number(),
  p99Ms: z.number(),
  requestsPerS: z.number(),
  total: z.number(),
  non2xx: z.number(),
  errors: z.number(),
});
export type BenchMeasurementSummary = z.infer<typeof measurement>;

const endpointResult = z.object({
  /** Absent in reports written before writes were benchmarked: those were all GETs. */
  method: z.string().default('GET'),
  endpoint: z.string(),
  server: measurement,
});

const mixedLevel = z.object({ connections: z.number(), server: measurement });

const scenario = z.object({
  name: z.string(),
  database: z.enum(['pglite', 'postgres']),
  data: z.enum(['demo', 'seeded']),
  valves: z.number(),
  endpoints: z.array(endpointResult).default([]),
  mixed: z.array(mixedLevel).optional(),
});

const lighthouseResult = z.object({
  page: z.string(),
  performance: z.number().nullable(),
  accessibility: z.number().nullable(),
});

export const benchReportSummary = z.object({
  startedAt: z.string(),
  totalS: z.number(),
  settings: z.object({ connections: z.number(), durationS: z.number() }),
  scenarios: z.array(scenario),
  lighthouse: z.array(lighthouseResult).optional(),
});
export type BenchReportSummary = z.infer<typeof benchReportSummary>;

/** The connection count whose mixed-workload figures the dashboard shows: the bench's standard load. */
export const MIXED_SHOWN_AT = 50;

type Figure = {
  id: string;
  category: BenchmarkCategory;
  metric: string;
  value: number;
  unit: string;
  target: number;
  better: 'lower' | 'higher';
  window: string;
};

const errorRate = (m: BenchMeasurementSummary) => {
  const total = m.total + m.errors;
  return total === 0 ? 0 : ((m.non2xx + m.errors) / total) * 100;
};
const engine = (s: { database: string }) => (s.database === 'pglite' ? 'PGlite' : 'PostgreSQL');

/** Every figure the report holds that has a target, each with the run and load it was measured under. */
function figuresOf(report: BenchReportSummary): Figure[] {
  const figures: Figure[] = [];
  const run = `npm run bench, ${report.settings.durationS} s runs`;
  for (const s of report.scenarios) {
    const where = `${engine(s)}, ${s.data === 'demo' ? 'demo data' : `${s.valves.toLocaleString('en-US')} valves`}`;
    const level = s.mixed?.find((m) => m.connections === MIXED_SHOWN_AT) ?? s.mixed?.at(-1);
    if (level) {
      const load = `${run}, mixed workload at ${level.connections} connections, ${where}`;
      figures.push(
        {
          id: `bench.${s.database}.${s.data}.mixed-p99`,
          category: 'API',
          metric: `Mixed workload p99 (${engine(s)})`,
          value: level.server.p99Ms,
          unit: 'ms',
          target: TARGETS.responseTimeMs,
          better: 'lower',
          window: load,
        },
        {
          id: `bench.${s.database}.${s.data}.mixed-errors`,
          category: 'API',
          metric: `Mixed workload error rate (${engine(s)})`,
          value: errorRate(level.server),
          unit: '%',
          target: TARGETS.errorRatePercent,
          better: 'lower',
          window: load,
        },
      );
    }
    for (const e of s.endpoints) {
      const load = `${run}, ${report.settings.connections} connections, ${where}`;
      const category: BenchmarkCategory | null =
        e.method !== 'GET'
          ? 'Offline Sync'
          : e.endpoint.startsWith('/api/analytics')
            ? 'Analytics'
            : s.data === 'seeded' && e.endpoint === '/api/valves/:id'
              ? 'Database'
              : null;
      if (!category) continue;
      figures.push({
        id: `bench.${s.database}.${s.data}.${e.method.toLowerCase()}.${e.endpoint}`,
        category,
        metric: `${e.method} ${e.endpoint} p99 (${engine(s)}${s.data === 'seeded' ? `, ${s.valves.toLocaleString('en-US')} valves` : ''})`,
        value: e.server.p99Ms,
        unit: 'ms',
        target: TARGETS.responseTimeMs,
        better: 'lower',
        window: load,
      });
    }
  }
  for (const page of report.lighthouse ?? []) {
    const window = `npm run bench, Lighthouse in mobile emulation, page ${page.page}`;
    if (page.performance !== null) {
      figures.push({
        id: `bench.lighthouse.performance.${page.page}`,
        category: 'Frontend',
        metric: `Lighthouse performance (${page.page})`,
        value: page.performance,
        unit: 'score',
        target: LIGHTHOUSE_TARGETS.performance,
        better: 'higher',
        window,
      });
    }
    if (page.accessibility !== null) {
      figures.push({
        id: `bench.lighthouse.accessibility.${page.page}`,
        category: 'Frontend',
        metric: `Lighthouse accessibility (${page.page})`,
        value: page.accessibility,
        unit: 'score',
        target: LIGHTHOUSE_TARGETS.accessibility,
        better: 'higher',
        window,
      });
    }
  }
  return figures;
}

/** The report's figures as benchmarks; trends against the same figure of the run before, when there is one. */
export function benchBenchmarks(report: BenchReportSummary, previous: BenchReportSummary | null): Benchmark[] {
  const before = new Map(previous ? figuresOf(previous).map((f) => [f.id, f.value]) : []);
  const lastUpdated = new Date(new Date(report.startedAt).getTime() + report.totalS * 1000).toISOString();
  return figuresOf(report).map((f) => ({
    ...f,
    status: statusOf(f.value, f.target, f.better),
    trend: trendOf(f.value, before.get(f.id) ?? null, PERFORMANCE_WINDOW.trendDeadBand),
    lastUpdated,
    source: 'bench' as const,
  }));
}

/** The report file and the one it replaced (previous.json beside it); re-read only when the file changes. */
export class BenchReportFile {
  private cache: { mtimeMs: number; benchmarks: Benchmark[] } | null = null;

  constructor(
    private readonly file: string | undefined,
    private readonly warn: (message: string) => void,
  ) {}

  async benchmarks(): Promise<Benchmark[]> {
    if (!this.file) return [];
    const info = await stat(this.file).catch(() => null);
    if (!info) return [];
    if (this.cache?.mtimeMs === info.mtimeMs) return this.cache.benchmarks;
    const report = await readReport(this.file);
    if (!report) {
      this.warn(`${this.file} is not a benchmark report this server can read; /performance leaves it out`);
      this.cache = { mtimeMs: info.mtimeMs, benchmarks: [] };
      return [];
    }
    const previous = await readReport(path.join(path.dirname(this.file), 'previous.json'));
    this.cache = { mtimeMs: info.mtimeMs, benchmarks: benchBenchmarks(report, previous) };
    return this.cache.benchmarks;
  }
}

async function readReport(file: string): Promise<BenchReportSummary | null> {
  try {
    const parsed = benchReportSummary.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
