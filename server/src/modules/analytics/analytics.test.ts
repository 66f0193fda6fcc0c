import { ANALYTICS_LIMITS } from '@common/analytics';
import { SENSOR_TYPES } from '@common/constants';
import {
  dashboardSensorReading,
  dashboardSummary,
  performanceMetrics,
  predictiveAnalytics,
  valveAnalytics,
} from '@common/schemas/analytics';
import { TEXTS } from '@common/texts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { analyticsValvesDue, predictiveAnalytics as predictiveTable, valves } from '../../db/schema';
import { startJobQueue } from '../../jobs';
import { send } from '../../testing/send';
import { createTestApp, TEST_NOW, type TestContext } from '../../testing/test-app';
import { ANALYTICS_SCHEDULE, analyticsReadingsJob, watchReadings } from './job';
import { recomputeEverything } from './recompute';

let t: TestContext;
let list: (typeof valves.$inferSelect)[];
const byTag = (tag: string) => list.find((v) => v.valveId === tag) as (typeof list)[number];
beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  list = await t.db.select().from(valves).where(eq(valves.organizationId, 1)).orderBy(asc(valves.id));
  await recomputeEverything(t.db, TEST_NOW);
  // The demo plant and a full recompute: on a busy two-core machine this can pass the usual hook time.
}, 120_000);
afterAll(() => t.close());

const inService = () => list.filter((v) => v.status !== 'decommissioned');

describe('GET /api/analytics/predictive', () => {
  it("returns every in-service valve's assessment, the degrading V-003-CV high or critical", async () => {
    const res = await t.get('/api/analytics/predictive');
    expect(res.statusCode).toBe(200);
    const rows = z.array(predictiveAnalytics).parse(res.json());
    expect(rows.map((r) => r.valveId)).toEqual(inService().map((v) => v.id));
    const degrading = rows.find((r) => r.valveTag === 'V-003-CV');
    expect(['high', 'critical']).toContain(degrading?.riskLevel);
    expect(degrading?.trends.vibration?.trend).toBe('rising');
    expect(degrading?.anomalies.some((a) => a.sensorType === 'vibration')).toBe(true);
    const healthy = rows.filter((r) => r.riskLevel === 'low');
    expect(healthy.length).toBeGreaterThan(rows.length / 2);
    for (const r of rows) {
      expect(r.healthScore).toBeGreaterThanOrEqual(0);
      expect(r.healthScore).toBeLessThanOrEqual(100);
      expect(r.failureProbability).toBeGreaterThan(0);
      expect(r.failureProbability).toBeLessThanOrEqual(1);
      expect(r.confidenceLevel).toBeGreaterThan(0.5);
    }
    for (const r of healthy) expect(r.failureProbability).toBeLessThan(0.05);
  });

  it('shows the limited technician only the valves of their plant', async () => {
    const res = await t.get('/api/analytics/predictive', 'limited');
    const ids = res.json().map((r: { valveId: number }) => r.valveId);
    expect(ids).toEqual(
      inService()
        .filter((v) => v.plant === 'Power Plant A')
        .map((v) => v.id),
    );
  });

  it('needs a session', async () => {
    expect((await t.get('/api/analytics/predictive', null)).statusCode).toBe(401);
  });
});

describe('GET /api/analytics/performance-metrics', () => {
  it('returns availability, reliability, MTBF, MTTR, hours and cycles per valve', async () => {
    const rows = z.array(performanceMetrics).parse((await t.get('/api/analytics/performance-metrics')).json());
    expect([...rows.map((r) => r.valveId)].sort((a, b) => a - b)).toEqual(inService().map((v) => v.id));
    // Most at risk first (then lowest health): the Performance tab's first six are the six to look at.
    const predictive: { valveId: number; riskLevel: string; healthScore: number }[] = (
      await t.get('/api/analytics/predictive')
    ).json();
    const rank = (id: number) => {
      const p = predictive.find((x) => x.valveId === id);
      return p ? ['low', 'medium', 'high', 'critical'].indexOf(p.riskLevel) + 1 : 0;
    };
    const ranks = rows.map((r) => rank(r.valveId));
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
    for (const r of rows) {
      expect(r.availability).toBeGreaterThan(0.9);
      expect(r.availability).toBeLessThanOrEqual(1);
      expect(r.reliability).toBeGreaterThan(0);
      expect(r.mtbf).toBeGreaterThan(r.mttr);
      expect(r.operatingHours).toBeGreaterThan(24 * 365);
      expect(r.cycleCount).toBeGreaterThan(20);
    }
  });
});

describe('GET /api/analytics/dashboard', () => {
  it('sums up the fleet: counts per risk group, expected failures, savings, upcoming maintenance', async () => {
    const res = await t.get('/api/analytics/dashboard');
    expect(res.statusCode).toBe(200);
    const s = dashboardSummary.parse(res.json());
    const rows: { riskLevel: string; failureProbability: number; healthScore: number }[] = (
      await t.get('/api/analytics/predictive')
    ).json();
    expect(s.totalValves).toBe(inService().length);
    expect(s.healthyValves + s.atRiskValves + s.criticalValves).toBe(rows.length);
    expect(s.criticalValves).toBe(rows.filter((r) => r.riskLevel === 'high' || r.riskLevel === 'critical').length);
    expect(s.predictedFailures).toBe(Math.round(rows.reduce((a, r) => a + r.failureProbability, 0)));
    const mean = rows.reduce((a, r) => a + r.healthScore, 0) / rows.length;
    expect(s.averageHealthScore).toBeCloseTo(mean, 1);
    const annual = rows.reduce((a, r) => a + 1 - (1 - r.failureProbability) ** (365 / 30), 0);
    expect(s.costSavings).toBe(Math.round((annual * 0.9 * 20_000) / 100) * 100);
    expect(s.upcomingMaintenance.length).toBeLessThanOrEqual(ANALYTICS_LIMITS.upcomingMaintenance);
    const dates = s.upcomingMaintenance.map((u) => u.estimatedDate);
    expect([...dates].sort()).toEqual(dates);
    expect(s.upcomingMaintenance.map((u) => u.valve.valveId)).toContain('V-003-CV');
    const plants = new Map(inService().map((v) => [v.id, v.plant]));
    for (const u of s.upcomingMaintenance) expect(u.valve.plant).toBe(plants.get(u.valve.id));
  });

  it('counts only the plants a limited user sees', async () => {
    const s = (await t.get('/api/analytics/dashboard', 'limited')).json();
    expect(s.totalValves).toBe(inService().filter((v) => v.plant === 'Power Plant A').length);
  });
});

describe('GET /api/analytics/sensor-readings', () => {
  it('returns the riskiest valve’s latest 60 readings, oldest first', async () => {
    const res = await t.get('/api/analytics/sensor-readings');
    const rows = z.array(dashboardSensorReading).parse(res.json());
    expect(rows).toHaveLength(ANALYTICS_LIMITS.dashboardReadingsDefault);
    const predictive: { valveTag: string; riskLevel: string; healthScore: number }[] = (
      await t.get('/api/analytics/predictive')
    ).json();
    const rank = ['low', 'medium', 'high', 'critical'];
    const riskiest = [...predictive].sort(
      (a, b) => rank.indexOf(b.riskLevel) - rank.indexOf(a.riskLevel) || a.healthScore - b.healthScore,
    )[0];
    expect(new Set(rows.map((r) => r.valveId))).toEqual(new Set([riskiest.valveTag]));
    const times = rows.map((r) => r.timestamp);
    expect([...times].sort()).toEqual(times);
    expect(new Set(rows.map((r) => r.sensorType))).toEqual(new Set(SENSOR_TYPES));
  });

  it('takes a valve and a limit, and refuses bad ones', async () => {
    const v = byTag('V-001-BV');
    const rows = (await t.get(`/api/analytics/sensor-readings?valveId=${v.id}&limit=9`)).json();
    expect(rows).toHaveLength(9);
    expect(rows.every((r: { valveId: string }) => r.valveId === 'V-001-BV')).toBe(true);
    for (const q of ['limit=0', 'limit=abc', 'limit=10001', 'valveId=-1', 'valveId=x']) {
      const res = await t.get(`/api/analytics/sensor-readings?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    const foreign = await t.get(`/api/analytics/sensor-readings?valveId=${v.id}`, 'otherOrganization');
    expect(foreign.statusCode).toBe(404);
  });
});

describe('GET /api/analytics/valves/:id', () => {
  it('returns the valve, its results and the last 168 readings of each sensor, oldest first', async () => {
    const v = byTag('V-003-CV');
    const res = await t.get(`/api/analytics/valves/${v.id}`);
    expect(res.statusCode).toBe(200);
    const body = valveAnalytics.parse(res.json());
    expect(body).toMatchObject({ id: v.id, valveId: 'V-003-CV', location: v.location, plant: v.plant });
    expect(body.predictiveAnalytics?.valveId).toBe(v.id);
    expect(body.performanceMetrics?.valveId).toBe(v.id);
    for (const s of SENSOR_TYPES) {
      expect(body.sensorReadings.filter((r) => r.sensorType === s)).toHaveLength(
        ANALYTICS_LIMITS.valveReadingsPerSensor,
      );
    }
    const times = body.sensorReadings.map((r) => r.timestamp);
    expect([...times].sort()).toEqual(times);
    expect(times.at(-1)).toBe(new Date(Math.floor(TEST_NOW.getTime() / 3_600_000) * 3_600_000).toISOString());
  });

  it("answers 404 for another organization's or plant's valve and 400 for a bad id", async () => {
    const v = byTag('V-003-CV');
    expect((await t.get(`/api/analytics/valves/${v.id}`, 'otherOrganization')).json()).toEqual({
      message: TEXTS.valves.notFound,
    });
    const other = inService().find((x) => x.plant !== 'Power Plant A') as (typeof list)[number];
    expect((await t.get(`/api/analytics/valves/${other.id}`, 'limited')).statusCode).toBe(404);
    expect((await t.get('/api/analytics/valves/abc')).statusCode).toBe(400);
    expect((await t.get('/api/analytics/valves/99999')).statusCode).toBe(404);
  });
});

describe('POST /api/analytics/predictive/:id', () => {
  it('runs the engine on the valve, stores and returns the result', async () => {
    const v = byTag('V-002-GV');
    await t.db.delete(predictiveTable).where(eq(predictiveTable.valveId, v.id));
    const res = await send(t, 'POST', `/api/analytics/predictive/${v.id}`);
    expect(res.statusCode).toBe(200);
    const body = valveAnalytics.parse(res.json());
    expect(body.predictiveAnalytics?.valveId).toBe(v.id);
    expect(Date.now() - Date.parse(body.predictiveAnalytics?.computedAt ?? '')).toBeLessThan(60_000);
    const stored = await t.db.select().from(predictiveTable).where(eq(predictiveTable.valveId, v.id));
    expect(stored).toHaveLength(1);
  });

  it('lets supervisors, engineers and admins run it; not technicians; not on foreign valves', async () => {
    const v = byTag('V-002-GV');
    expect(
      (await send(t, 'POST', `/api/analytics/predictive/${v.id}`, undefined, { as: 'technician' })).statusCode,
    ).toBe(403);
    expect((await send(t, 'POST', `/api/analytics/predictive/${v.id}`, undefined, { as: 'engineer' })).statusCode).toBe(
      200,
    );
    expect(
      (await send(t, 'POST', `/api/analytics/predictive/${v.id}`, undefined, { as: 'otherOrganization' })).statusCode,
    ).toBe(404);
    expect((await send(t, 'POST', '/api/analytics/predictive/0')).statusCode).toBe(400);
  });

  it('sees new alarming readings: the valve turns critical', async () => {
    const v = byTag('V-001-BV');
    const last = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const readings = Array.from({ length: 24 }, (_, i) => ({
      valveId: 'V-001-BV',
      timestamp: new Date(last - i * 3_600_000).toISOString(),
      sensorType: 'vibration',
      value: 9 + (i % 3) * 0.1,
    }));
    expect((await send(t, 'POST', '/api/sensor-readings', { readings })).statusCode).toBe(200);
    const res = await send(t, 'POST', `/api/analytics/predictive/${v.id}`);
    const body = valveAnalytics.parse(res.json());
    expect(body.predictiveAnalytics?.riskLevel).toBe('critical');
    expect(body.predictiveAnalytics?.anomalies.some((a) => a.severity === 'critical')).toBe(true);
    expect(body.predictiveAnalytics?.recommendedAction).toMatch(/^Take V-001-BV out of service/);
  });
});

describe('the readings job', () => {
  const quiet = { info: () => {}, error: () => {} };
  const until = async (check: () => Promise<boolean>, ms = 10_000) => {
    const end = Date.now() + ms;
    while (!(await check()) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  const analysed = (id: number) => t.db.select().from(predictiveTable).where(eq(predictiveTable.valveId, id));

  it('marks the valves that received readings, queues one run after the debounce, and the run recomputes them', async () => {
    const v = byTag('V-004-NV');
    const sent: unknown[][] = [];
    const stop = watchReadings(
      t.db,
      {
        send: async (...args) => {
          sent.push(args);
          return 'job';
        },
      },
      quiet,
    );
    await t.db.delete(predictiveTable).where(eq(predictiveTable.valveId, v.id));
    const reading = { valveId: 'V-004-NV', timestamp: new Date().toISOString(), sensorType: 'pressure', value: 500 };
    expect((await send(t, 'POST', '/api/sensor-readings', { readings: [reading] })).statusCode).toBe(200);
    await until(async () => sent.length > 0);
    stop();
    expect(sent).toEqual([['analytics-readings', {}, ANALYTICS_SCHEDULE.debounceSeconds]]);
    expect(await t.db.select().from(analyticsValvesDue)).toMatchObject([{ valveId: v.id, organizationId: 1 }]);
    expect(await analysed(v.id)).toHaveLength(0);
    expect(await analyticsReadingsJob().run(t.db, {})).toEqual({ valves: 1 });
    expect(await analysed(v.id)).toHaveLength(1);
    expect(await t.db.select().from(analyticsValvesDue)).toEqual([]);
  });

  it('recomputes a valve that streams readings while the stream goes on, through the job queue', async () => {
    const v = byTag('V-005-PV');
    const queue = await startJobQueue({ db: t.db, log: quiet, jobs: [analyticsReadingsJob()], pollingSeconds: 0.5 });
    const stop = watchReadings(t.db, queue, quiet, 1);
    try {
      await t.db.delete(predictiveTable).where(eq(predictiveTable.valveId, v.id));
      const streamUntil = Date.now() + 6_000;
      let recomputedWhileStreaming = false;
      for (let i = 0; Date.now() < streamUntil && !recomputedWhileStreaming; i++) {
        const reading = {
          valveId: 'V-005-PV',
          timestamp: new Date(Date.now() - i).toISOString(),
          sensorType: 'pressure',
          value: 150,
        };
        expect((await send(t, 'POST', '/api/sensor-readings', { readings: [reading] })).statusCode).toBe(200);
        recomputedWhileStreaming = (await analysed(v.id)).length === 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(recomputedWhileStreaming).toBe(true);
    } finally {
      stop();
      await queue.stop();
    }
  });
});
