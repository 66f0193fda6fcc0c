import { QUANTITIES } from '@common/quantities';
import { anomalyEpisode, referencePeriod } from '@common/schemas/analytics';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { predictiveAnalytics as predictiveTable, valves } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { storeIncoming } from '../sensor-readings';
import { DEFAULT_RUN, simulateRun } from './engine/simulation/runs';
import { recomputeOrganization } from './recompute';

/** The worked example of docs/analytics.md: the pump-and-valve loop at 1 Hz, a blockage from 00:27. */
const run = simulateRun({
  ...DEFAULT_RUN,
  seed: 11,
  durationS: 3600,
  referenceS: 1200,
  faults: 1,
  faultKinds: ['blockage'],
  faultS: [600, 900],
  dwellS: [60, 240],
});
const [fault] = run.faults;
/** Assessed five minutes into the blockage. */
const now = fault.from + 5 * 60_000;

let t: TestContext;
let valve: typeof valves.$inferSelect;
let other: typeof valves.$inferSelect;
beforeAll(async () => {
  t = await createTestApp({ valves: 4 });
  [valve] = await t.db.select().from(valves).where(eq(valves.organizationId, 1)).orderBy(asc(valves.id)).limit(1);
  [other] = await t.db.select().from(valves).where(eq(valves.organizationId, 2)).orderBy(asc(valves.id)).limit(1);
  await storeRun(valve, 0);
  await recomputeOrganization(t.db, 1, { only: [valve.id], now: new Date(now) });
}, 120_000);
afterAll(() => t.close());

/** The run's readings up to `now`, on a valve, all moved later by `shiftMs`. */
async function storeRun(on: typeof valves.$inferSelect, shiftMs: number) {
  const incoming = [];
  for (const c of run.channels) {
    for (let i = 0; i < run.times.length && run.times[i] <= now; i++) {
      if (!Number.isFinite(c.values[i])) continue;
      incoming.push({
        index: incoming.length,
        valveId: on.id,
        tag: on.valveId,
        name: c.name,
        unit: QUANTITIES[c.quantity].unit,
        timestamp: new Date(run.times[i] + shiftMs),
        value: c.values[i],
      });
    }
  }
  for (let i = 0; i < incoming.length; i += 10_000) await storeIncoming(t.db, 1, incoming.slice(i, i + 10_000));
}

const episodesUrl = (query = '') => `/api/analytics/valves/${valve.id}/anomalies${query}`;

describe('condition monitoring through the database', () => {
  it('finds the blockage from the rollups as an open episode, flow down, and rates the valve by it', async () => {
    const res = await t.get(episodesUrl());
    expect(res.statusCode).toBe(200);
    const episodes = z.array(anomalyEpisode).parse(res.json());
    const open = episodes.find((e) => e.end === null);
    expect(open).toBeDefined();
    expect(Date.parse(open?.start as string)).toBeGreaterThan(fault.from - 120_000);
    expect(open?.channels[0]).toMatchObject({ channel: 'flow', direction: 'down' });
    expect(open?.channels[0].change).toBeLessThan(-5);
    expect(open?.fault).toBe('blockage');
    const analytics = (await t.get(`/api/analytics/valves/${valve.id}`)).json();
    expect(['high', 'critical']).toContain(analytics.predictiveAnalytics.riskLevel);
    expect(analytics.predictiveAnalytics.recommendedAction).toMatch(/partial blockage/);
    expect(analytics.predictiveAnalytics.anomalies[0]).toMatchObject({ sensorType: 'flow' });
  });

  it('answers the episodes overlapping from-to, and refuses a bad span', async () => {
    const before = new Date(fault.from - 60 * 60_000).toISOString();
    expect((await t.get(episodesUrl(`?to=${before}`))).json()).toEqual([]);
    const during = (await t.get(episodesUrl(`?from=${new Date(now - 1000).toISOString()}`))).json();
    expect(during.length).toBeGreaterThan(0);
    expect((await t.get(episodesUrl('?from=yesterday'))).statusCode).toBe(400);
    const reversed = await t.get(episodesUrl(`?from=${new Date(now).toISOString()}&to=${before}`));
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().issues[0]).toMatchObject({ path: 'from', message: 'must be before to' });
  });

  it('keeps organizations apart and checks ids', async () => {
    expect((await t.get(episodesUrl(), 'otherOrganization')).statusCode).toBe(404);
    expect((await t.get(`/api/analytics/valves/${other.id}/anomalies`)).statusCode).toBe(404);
    expect((await t.get('/api/analytics/valves/abc/anomalies')).statusCode).toBe(400);
    expect((await t.get(`/api/analytics/valves/${valve.id}/channels`, 'otherOrganization')).statusCode).toBe(404);
  });

  it("charts the channels from the rollups, in each channel's unit", async () => {
    const res = await t.get(`/api/analytics/valves/${valve.id}/channels`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.stepMs).toBe(60_000);
    expect(body.channels.map((c: { name: string }) => c.name)).toContain('flow');
    const flow = body.channels.find((c: { name: string }) => c.name === 'flow');
    expect(flow.points.length).toBeGreaterThan(25);
    expect(flow.points[0].min).toBeLessThanOrEqual(flow.points[0].mean);
  });
});

describe('the reference period', () => {
  const url = () => `/api/valves/${valve.id}/reference-period`;

  it('defaults to the first part of the record, then takes the period an engineer marks', async () => {
    const first = referencePeriod.parse((await t.get(url())).json());
    expect(first.source).toBe('default');
    expect(Date.parse(first.from as string)).toBe(run.times[0]);
    const from = new Date(run.times[0]).toISOString();
    const to = new Date(run.times[0] + 15 * 60_000).toISOString();
    const res = await send(t, 'PUT', url(), { from, to }, { as: 'engineer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ from, to, source: 'engineer', setBy: expect.any(String) });
    expect((await t.get(url())).json()).toMatchObject({ from, to, source: 'engineer' });
    // The valve was recomputed against it, at once.
    const [row] = await t.db.select().from(predictiveTable).where(eq(predictiveTable.valveId, valve.id));
    expect(Date.now() - row.computedAt.getTime()).toBeLessThan(60_000);
  });

  it('refuses from after to, a period in the future, and bad times', async () => {
    const at = (ms: number) => new Date(ms).toISOString();
    const reversed = await send(t, 'PUT', url(), { from: at(now), to: at(now - 60_000) });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().issues[0]).toMatchObject({ path: 'to', message: 'must be after from' });
    const future = await send(t, 'PUT', url(), { from: at(Date.now()), to: at(Date.now() + 86_400_000) });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('The reference period cannot end in the future');
    expect((await send(t, 'PUT', url(), { from: 'monday', to: at(now) })).statusCode).toBe(400);
    expect((await send(t, 'PUT', url(), {})).statusCode).toBe(400);
  });

  it('lets supervisors, engineers and admins mark it, not technicians; another organization gets 404', async () => {
    const body = { from: new Date(run.times[0]).toISOString(), to: new Date(run.times[0] + 600_000).toISOString() };
    expect((await send(t, 'PUT', url(), body, { as: 'technician' })).statusCode).toBe(403);
    expect((await send(t, 'PUT', url(), body, { as: 'otherOrganization' })).statusCode).toBe(404);
    expect((await t.get(url(), 'otherOrganization')).statusCode).toBe(404);
    expect((await send(t, 'PUT', `/api/valves/${other.id}/reference-period`, body)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'PUT', url: url(), payload: body });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a record that opens late in an hour', () => {
  it('learns from its own first minutes, not from the empty start of the hour bucket', async () => {
    // The demo's loop valves start an hour before the server starts, at any minute: here 47 minutes past.
    const shift = 47 * 60_000;
    const [late] = await t.db
      .select()
      .from(valves)
      .where(eq(valves.organizationId, 1))
      .orderBy(asc(valves.id))
      .offset(1)
      .limit(1);
    await storeRun(late, shift);
    await recomputeOrganization(t.db, 1, { only: [late.id], now: new Date(now + shift) });
    const period = referencePeriod.parse((await t.get(`/api/valves/${late.id}/reference-period`)).json());
    expect(Date.parse(period.from as string)).toBe(run.times[0] + shift);
    const episodes = z.array(anomalyEpisode).parse((await t.get(`/api/analytics/valves/${late.id}/anomalies`)).json());
    expect(episodes.some((e) => e.fault === 'blockage')).toBe(true);
  }, 120_000);
});
