/**
 * Spec §3 Benchmark and System health, §7 GET /api/performance/benchmarks and /system-health. Every figure is a
 * measurement: of the live server over a rolling window, or of the last `npm run bench` run. docs/performance.md
 * gives the windows and the status thresholds.
 */
import { z } from 'zod';
import { BENCHMARK_CATEGORIES } from '../constants';
import { isoDateTime } from './params';

export const benchmarkStatus = z.enum(['excellent', 'good', 'warning', 'critical']);
export type BenchmarkStatus = z.infer<typeof benchmarkStatus>;

/** Spec §3: up, down or other; 'stable' is the other, within a dead band of the previous figure. */
export const benchmarkTrend = z.enum(['up', 'down', 'stable']);
export type BenchmarkTrend = z.infer<typeof benchmarkTrend>;

export const benchmarkCategory = z.enum(BENCHMARK_CATEGORIES);
export type BenchmarkCategory = z.infer<typeof benchmarkCategory>;

export const benchmark = z.object({
  /** Stable per figure (e.g. 'api.response-time-p95'), so a screen can follow one figure between refreshes. */
  id: z.string(),
  category: benchmarkCategory,
  metric: z.string(),
  value: z.number(),
  unit: z.string(),
  target: z.number(),
  /** Which way is better: 'lower' for times and error rates, 'higher' for scores. */
  better: z.enum(['lower', 'higher']),
  status: benchmarkStatus,
  trend: benchmarkTrend,
  lastUpdated: isoDateTime,
  /** Where the figure comes from: the live server or the last benchmark run. */
  source: z.enum(['live', 'bench']),
  /** Over what it was measured, in words: 'last 5 min of live traffic (1,204 requests)', 'npm run bench, ...'. */
  window: z.string(),
});
export type Benchmark = z.infer<typeof benchmark>;

export const benchmarkList = z.array(benchmark);

export const systemHealth = z.object({
  /** The worst status among response time, error rate and the database check. */
  overall: benchmarkStatus,
  /** Seconds since this server process started. */
  uptime: z.number(),
  /** p95 of response times over the window, ms; null when no request was measured in it. */
  responseTime: z.number().nullable(),
  /** 5xx responses as a percent of all responses in the window; null when there were none. */
  errorRate: z.number().nullable(),
  /** Requests per minute over the window. */
  throughput: z.number(),
  statuses: z.object({
    responseTime: benchmarkStatus.nullable(),
    errorRate: benchmarkStatus.nullable(),
    database: benchmarkStatus,
  }),
  /** Round trip of `select 1`, ms, measured for this answer; null when the database did not answer. */
  databaseMs: z.number().nullable(),
  window: z.object({
    /** Seconds the window covers: its full length, or less while the process is younger than that. */
    seconds: z.number(),
    requests: z.number(),
  }),
  measuredAt: isoDateTime,
});
export type SystemHealth = z.infer<typeof systemHealth>;
