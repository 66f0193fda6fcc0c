import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LIGHTHOUSE_TARGETS, TARGETS } from '@common/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BenchReportFile, type BenchReportSummary, benchBenchmarks } from './bench-report';

const m = (p99Ms: number, non2xx = 0, total = 1000) => ({
  p50Ms: p99Ms / 3,
  p99Ms,
  requestsPerS: 500,
  total,
  non2xx,
  errors: 0,
});

const report = (mixedP99: number): BenchReportSummary => ({
  startedAt: '2026-11-20T09:00:00.000Z',
  totalS: 600,
  settings: { connections: 50, durationS: 10 },
  scenarios: [
    {
      name: 'PGlite, demo data',
      database: 'pglite',
      data: 'demo',
      valves: 64,
      endpoints: [
        { method: 'GET', endpoint: '/api/valves', server: m(40) },
        { method: 'POST', endpoint: '/api/work-orders', server: m(90) },
        { method: 'GET', endpoint: '/api/analytics/dashboard', server: m(250) },
      ],
      mixed: [
        { connections: 10, server: m(20) },
        { connections: 50, server: m(mixedP99, 30) },
        { connections: 100, server: m(900) },
      ],
    },
    {
      name: 'PostgreSQL, 10000 valves',
      database: 'postgres',
      data: 'seeded',
      valves: 10_000,
      endpoints: [{ method: 'GET', endpoint: '/api/valves/:id', server: m(12) }],
    },
  ],
  lighthouse: [
    { page: '/', performance: 97, accessibility: 100 },
    { page: '/app', performance: 85, accessibility: null },
  ],
});

describe('benchBenchmarks', () => {
  const list = benchBenchmarks(report(150), null);
  const byId = new Map(list.map((b) => [b.id, b]));

  it('shows the mixed workload at 50 connections under API, against the spec targets', () => {
    expect(byId.get('bench.pglite.demo.mixed-p99')).toMatchObject({
      category: 'API',
      value: 150,
      target: TARGETS.responseTimeMs,
      status: 'good',
      source: 'bench',
      trend: 'stable',
      lastUpdated: '2026-11-20T09:10:00.000Z',
    });
    expect(byId.get('bench.pglite.demo.mixed-p99')?.window).toBe(
      'npm run bench, 10 s runs, mixed workload at 50 connections, PGlite, demo data',
    );
    expect(byId.get('bench.pglite.demo.mixed-errors')).toMatchObject({ value: 3, status: 'critical', unit: '%' });
  });

  it('files writes under Offline Sync, analytics reads under Analytics, large-data reads under Database', () => {
    expect(byId.get('bench.pglite.demo.post./api/work-orders')).toMatchObject({ category: 'Offline Sync', value: 90 });
    expect(byId.get('bench.pglite.demo.get./api/analytics/dashboard')).toMatchObject({
      category: 'Analytics',
      status: 'warning',
    });
    expect(byId.get('bench.postgres.seeded.get./api/valves/:id')).toMatchObject({
      category: 'Database',
      status: 'excellent',
    });
    // A plain list read is already inside the mixed workload: not repeated.
    expect(byId.has('bench.pglite.demo.get./api/valves')).toBe(false);
  });

  it('shows Lighthouse scores under Frontend, higher being better, and leaves out a score not measured', () => {
    expect(byId.get('bench.lighthouse.performance./')).toMatchObject({
      category: 'Frontend',
      better: 'higher',
      target: LIGHTHOUSE_TARGETS.performance,
      status: 'excellent',
    });
    expect(byId.get('bench.lighthouse.performance./app')).toMatchObject({ status: 'warning' });
    expect(byId.has('bench.lighthouse.accessibility./app')).toBe(false);
  });

  it('gives the trend against the previous run', () => {
    const again = benchBenchmarks(report(300), report(150));
    expect(again.find((b) => b.id === 'bench.pglite.demo.mixed-p99')?.trend).toBe('up');
    expect(again.find((b) => b.id === 'bench.lighthouse.performance./')?.trend).toBe('stable');
  });
});

describe('BenchReportFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'valveops-bench-report-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('has nothing when no report exists or none is configured', async () => {
    expect(await new BenchReportFile(path.join(dir, 'missing.json'), () => {}).benchmarks()).toEqual([]);
    expect(await new BenchReportFile(undefined, () => {}).benchmarks()).toEqual([]);
  });

  it('reads the report and previous.json beside it, and rereads when the file changes', async () => {
    const file = path.join(dir, 'latest.json');
    await writeFile(file, JSON.stringify(report(150)));
    await writeFile(path.join(dir, 'previous.json'), JSON.stringify(report(100)));
    const reader = new BenchReportFile(file, () => {});
    const first = await reader.benchmarks();
    expect(first.find((b) => b.id === 'bench.pglite.demo.mixed-p99')).toMatchObject({ value: 150, trend: 'up' });
    await writeFile(file, JSON.stringify(report(50)));
    await utimes(file, new Date(), new Date(Date.now() + 5000));
    const second = await reader.benchmarks();
    expect(second.find((b) => b.id === 'bench.pglite.demo.mixed-p99')).toMatchObject({ value: 50, trend: 'down' });
  });

  it('warns about a file it cannot read and shows nothing from it', async () => {
    const file = path.join(dir, 'broken.json');
    await writeFile(file, '{"startedAt": 3');
    const warnings: string[] = [];
    expect(await new BenchReportFile(file, (w) => warnings.push(w)).benchmarks()).toEqual([]);
    expect(warnings[0]).toMatch(/is not a benchmark report/);
  });
});
