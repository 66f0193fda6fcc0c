import { PERFORMANCE_WINDOW, TARGETS } from '@common/constants';
import { benchmarkList, systemHealth as systemHealthSchema } from '@common/schemas/performance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RollingWindow } from '../../lib/rolling-window';
import type { Metrics } from '../../plugins/metrics';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { liveBenchmarks, systemHealth } from './service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/performance/system-health', () => {
  it('reports the live window: requests, p95, error rate, throughput, uptime', async () => {
    for (let i = 0; i < 5; i++) expect((await t.get('/api/valves')).statusCode).toBe(200);
    const res = await t.get('/api/performance/system-health');
    expect(res.statusCode).toBe(200);
    const health = systemHealthSchema.parse(res.json());
    // The five valve reads, and whatever the session and this request itself added before it was answered.
    expect(health.window.requests).toBeGreaterThanOrEqual(5);
    expect(health.responseTime).toBeGreaterThan(0);
    expect(health.errorRate).toBe(0);
    expect(health.throughput).toBeGreaterThan(0);
    expect(health.uptime).toBeGreaterThan(0);
    expect(health.databaseMs).not.toBeNull();
    expect(health.statuses.database).not.toBe('critical');
    expect(health.window.seconds).toBeLessThanOrEqual(PERFORMANCE_WINDOW.windowMs / 1000);
  });

  it('grows with traffic: more requests in the window after more requests', async () => {
    const before = (await t.get('/api/performance/system-health')).json().window.requests;
    for (let i = 0; i < 3; i++) await t.get('/api/work-orders');
    const after = (await t.get('/api/performance/system-health')).json().window.requests;
    expect(after).toBeGreaterThanOrEqual(before + 4);
  });

  it('ignores a query string it does not use, and needs a session', async () => {
    expect((await t.get('/api/performance/system-health?x=1')).statusCode).toBe(200);
    const anonymous = await t.get('/api/performance/system-health', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Sign in to continue.' });
  });
});

describe('GET /api/performance/benchmarks', () => {
  it('lists live API and database figures against the spec targets, saying over what window', async () => {
    await t.get('/api/valves');
    const res = await t.get('/api/performance/benchmarks');
    expect(res.statusCode).toBe(200);
    const list = benchmarkList.parse(res.json());
    const api = list.find((b) => b.id === 'live.api.p95');
    expect(api).toMatchObject({ category: 'API', unit: 'ms', target: TARGETS.responseTimeMs, source: 'live' });
    expect(api?.window).toMatch(/of live traffic, \d+ requests$/);
    expect(list.find((b) => b.id === 'live.api.error-rate')).toMatchObject({
      value: 0,
      target: TARGETS.errorRatePercent,
      status: 'excellent',
    });
    expect(list.find((b) => b.id === 'live.database.p95')?.value).toBeGreaterThan(0);
    // No analytics request was made: no analytics figure is made up.
    expect(list.some((b) => b.category === 'Analytics')).toBe(false);
    // Tests run without a bench report: every figure is live.
    expect(list.every((b) => b.source === 'live')).toBe(true);
  });

  it('does not count signing in as an offline-sync write', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'nobody@northfield.example', password: 'wrong-password' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const list = benchmarkList.parse((await t.get('/api/performance/benchmarks')).json());
    expect(list.some((b) => b.id === 'live.writes.p95')).toBe(false);
  });

  it('counts writes under Offline Sync once a write was made', async () => {
    const cookie = await t.cookie('supervisor');
    const res = await t.app.inject({ method: 'POST', url: '/api/work-orders', headers: { cookie }, payload: {} });
    expect(res.statusCode).toBe(400);
    const list = benchmarkList.parse((await t.get('/api/performance/benchmarks')).json());
    expect(list.find((b) => b.id === 'live.writes.p95')).toMatchObject({ category: 'Offline Sync' });
  });
});

function fakeMetrics(): Metrics {
  const window = () => new RollingWindow(10_000, 61);
  return {
    registry: null as unknown as Metrics['registry'],
    requests: window(),
    api: window(),
    writes: window(),
    analytics: window(),
    queries: window(),
  };
}

describe('system health and live benchmarks from measurements', () => {
  const now = Date.parse('2026-11-20T12:00:00Z');

  it('makes the 5xx share the error rate and the worst status the overall one', async () => {
    const metrics = fakeMetrics();
    for (let i = 0; i < 97; i++) metrics.requests.record(20, false, now);
    for (let i = 0; i < 3; i++) metrics.requests.record(20, true, now);
    const health = await systemHealth(t.db, metrics, now);
    expect(health.errorRate).toBeCloseTo(3);
    expect(health.statuses.errorRate).toBe('critical');
    expect(health.overall).toBe('critical');
    expect(health.responseTime).toBeGreaterThan(18);
    expect(health.responseTime).toBeLessThan(22);
  });

  it('has no response time or error rate, and says "excellent" only from the database, without traffic', async () => {
    const health = await systemHealth(t.db, fakeMetrics(), now);
    expect(health).toMatchObject({ responseTime: null, errorRate: null, throughput: 0 });
    expect(health.statuses.responseTime).toBeNull();
    expect(health.overall).toBe(health.statuses.database);
  });

  it('gives a trend against the previous window', () => {
    const metrics = fakeMetrics();
    const previous = now - PERFORMANCE_WINDOW.windowMs;
    for (let i = 0; i < 50; i++) metrics.api.record(40, false, previous);
    for (let i = 0; i < 50; i++) metrics.api.record(300, false, now);
    const list = liveBenchmarks(metrics, now);
    const p95 = list.find((b) => b.id === 'live.api.p95');
    expect(p95).toMatchObject({ trend: 'up', status: 'warning', category: 'API' });
    expect(list.find((b) => b.id === 'live.api.error-rate')).toMatchObject({ value: 0, trend: 'stable' });
    expect(list.some((b) => b.category === 'Database')).toBe(false);
  });
});
