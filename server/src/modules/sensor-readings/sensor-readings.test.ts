import { ANALYTICS_LIMITS } from '@common/analytics';
import { VALVE_TAG_MESSAGE } from '@common/constants';
import { sensorReadingBatchResult } from '@common/schemas/analytics';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sensorReadings, valves } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type Persona, type TestContext } from '../../testing/test-app';
import { onReadings } from './events';
import { ingestBatch, knownValveIds } from './service';

let t: TestContext;
let valve: { id: number; valveId: string; plant: string };
let elsewhere: { id: number; valveId: string };
beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  const list = await t.db.select().from(valves).where(eq(valves.organizationId, 1)).orderBy(asc(valves.id));
  valve = list.find((v) => v.plant === 'Power Plant A') as (typeof list)[number];
  elsewhere = list.find((v, i) => i >= 8 && v.plant !== 'Power Plant A') as (typeof list)[number];
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const base = Date.UTC(2027, 0, 1);
const reading = (i: number, over: Record<string, unknown> = {}) => ({
  valveId: valve.valveId,
  timestamp: new Date(base + i * HOUR).toISOString(),
  sensorType: 'vibration',
  value: 1.5,
  quality: 'good',
  ...over,
});
const post = (readings: unknown[], as?: Persona) => send(t, 'POST', '/api/sensor-readings', { readings }, { as });
const stored = async (valveId = valve.id) =>
  (await t.db.select({ n: count() }).from(sensorReadings).where(eq(sensorReadings.valveId, valveId)))[0].n;

describe('POST /api/sensor-readings', () => {
  it('stores a batch once: a replay is counted as duplicates and writes nothing', async () => {
    const before = await stored();
    const batch = [0, 1, 2].map((i) => reading(i));
    const first = await post(batch);
    expect(first.statusCode).toBe(200);
    expect(sensorReadingBatchResult.parse(first.json())).toEqual({
      received: 3,
      inserted: 3,
      updated: 0,
      duplicates: 0,
    });
    const again = await post([...batch, reading(3)]);
    expect(again.json()).toEqual({ received: 4, inserted: 1, updated: 0, duplicates: 3 });
    expect(await stored()).toBe(before + 4);
  });

  it('keeps the last of a reading repeated inside one batch (a file holding a reading and its correction)', async () => {
    const res = await post([reading(10), reading(10, { value: 2 })]);
    expect(res.json()).toEqual({ received: 2, inserted: 1, updated: 0, duplicates: 1 });
    const [row] = await t.db
      .select({ value: sensorReadings.value })
      .from(sensorReadings)
      .where(and(eq(sensorReadings.valveId, valve.id), eq(sensorReadings.timestamp, new Date(base + 10 * HOUR))));
    expect(row.value).toBe(2);
  });

  it('derives a missing quality: vibration by its ISO zone', async () => {
    const res = await post([
      reading(20, { quality: undefined, value: 7.5 }),
      reading(21, { quality: undefined, value: 3 }),
      reading(22, { quality: undefined, sensorType: 'temperature', value: 900 }),
    ]);
    expect(res.json().inserted).toBe(3);
    const rows = await t.db
      .select({ q: sensorReadings.quality })
      .from(sensorReadings)
      .where(eq(sensorReadings.valveId, valve.id))
      .orderBy(asc(sensorReadings.timestamp));
    expect(rows.slice(-3).map((r) => r.q)).toEqual(['critical', 'warning', 'good']);
  });

  it('takes 10,000 readings in one request', async () => {
    const batch = Array.from({ length: ANALYTICS_LIMITS.maxBatchReadings }, (_, i) => reading(1000 + i));
    const res = await post(batch);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 10_000, inserted: 10_000, updated: 0, duplicates: 0 });
  });

  it('refuses 10,001 readings and writes none of them', async () => {
    const before = await stored();
    const batch = Array.from({ length: 10_001 }, (_, i) => reading(20_000 + i));
    const res = await post(batch);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid body: readings must hold at most 10000 readings');
    expect(await stored()).toBe(before);
  });

  it('refuses a wrong sensor type, a non-numeric value and a time without zone, naming the reading', async () => {
    const before = await stored();
    const res = await post([reading(30), reading(31, { sensorType: 'flow' })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'readings.1.sensorType', message: 'must be temperature, pressure or vibration' },
    ]);
    const text = await post([reading(32, { value: '1.5' })]);
    expect(text.statusCode).toBe(400);
    expect(text.json().issues).toEqual([{ path: 'readings.0.value', message: 'must be a number' }]);
    const local = await post([reading(33, { timestamp: '2027-01-01T10:00:00' })]);
    expect(local.statusCode).toBe(400);
    expect(local.json().issues[0].path).toBe('readings.0.timestamp');
    expect((await post([])).statusCode).toBe(400);
    expect((await send(t, 'POST', '/api/sensor-readings', { readings: 'x' })).statusCode).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('refuses an unknown valve by name and writes nothing of the batch', async () => {
    const before = await stored();
    const res = await post([reading(40), reading(41, { valveId: 'V-999-BV' })]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Unknown valve: V-999-BV',
      issues: [{ path: 'readings.1.valveId', message: 'no valve V-999-BV in your plants' }],
    });
    const malformed = await post([reading(42, { valveId: 'valve 7' })]);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().issues[0]).toEqual({
      path: 'readings.0.valveId',
      message: VALVE_TAG_MESSAGE,
    });
    expect(await stored()).toBe(before);
  });

  it('looks tags up as whole values, whatever characters a sender put in them (MQTT topics are not checked)', async () => {
    const scope = { organizationId: 1, plants: null };
    const odd = ['x"y', 'a,b', 'c\\d', '{}', `${valve.valveId},${elsewhere.valveId}`];
    const found = await knownValveIds(t.db, scope, [valve.valveId, ...odd]);
    expect([...found]).toEqual([[valve.valveId, valve.id]]);
  });

  it("keeps organizations apart: another organization's tag is unknown", async () => {
    // The other organization has V-001 to V-008; the twelfth valve's tag exists only in the first.
    const [twelfth] = await t.db
      .select()
      .from(valves)
      .where(eq(valves.organizationId, 1))
      .orderBy(asc(valves.id))
      .offset(11);
    const res = await post([reading(50, { valveId: twelfth.valveId })], 'otherOrganization');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Unknown valve: ${twelfth.valveId}`);
  });

  it('keeps a plant-limited sender to their plants', async () => {
    const scope = { organizationId: 1, plants: ['Power Plant A'] };
    await expect(
      ingestBatch(t.db, scope, [{ ...reading(60), valveId: elsewhere.valveId } as never]),
    ).rejects.toMatchObject({ statusCode: 400, message: `Unknown valve: ${elsewhere.valveId}` });
    const ok = await ingestBatch(t.db, scope, [reading(61) as never]);
    expect(ok.inserted).toBe(1);
  });

  it('lets supervisors, engineers and admins post, not technicians', async () => {
    expect((await post([reading(70)], 'technician')).statusCode).toBe(403);
    expect((await post([reading(71)], 'engineer')).statusCode).toBe(200);
    expect((await post([reading(72)], 'admin')).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/sensor-readings', payload: { readings: [] } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('announces the valves that received new readings, and only when something was stored', async () => {
    const seen: number[][] = [];
    const stop = onReadings((e) => seen.push(e.valveIds));
    await post([reading(80), reading(80, { valveId: elsewhere.valveId })]);
    await post([reading(80)]);
    stop();
    expect(seen).toEqual([[valve.id, elsewhere.id].sort((a, b) => a - b)]);
    const [row] = await t.db
      .select({ n: count() })
      .from(sensorReadings)
      .where(and(eq(sensorReadings.valveId, elsewhere.id), eq(sensorReadings.timestamp, new Date(base + 80 * HOUR))));
    expect(row.n).toBe(1);
  });
});
