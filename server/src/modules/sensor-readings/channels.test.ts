import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelReadings, channelRollups, sensorReadings, valveChannels, valves } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { purgeOldReadings } from './rollups';

let t: TestContext;
let valve: { id: number; valveId: string };
beforeAll(async () => {
  t = await createTestApp({ valves: 4 });
  [valve] = await t.db.select().from(valves).where(eq(valves.organizationId, 1)).orderBy(asc(valves.id)).limit(1);
});
afterAll(() => t.close());

const base = Date.UTC(2027, 2, 1, 10, 0, 0);
const at = (seconds: number) => new Date(base + seconds * 1000).toISOString();
const post = (readings: unknown[]) => send(t, 'POST', '/api/sensor-readings', { readings });
const channel = (name: string) =>
  t.db
    .select()
    .from(valveChannels)
    .where(and(eq(valveChannels.valveId, valve.id), eq(valveChannels.name, name)));
const rollups = async (name: string, stepMs: number) => {
  const [c] = await channel(name);
  return t.db
    .select()
    .from(channelRollups)
    .where(and(eq(channelRollups.channelId, c.id), eq(channelRollups.stepMs, stepMs)))
    .orderBy(asc(channelRollups.t));
};

describe('channels of any quantity, by the API', () => {
  it('creates a channel on first sight, stores canonical values and keeps the first unit', async () => {
    const res = await post([
      { valveId: valve.valveId, timestamp: at(0), channel: 'flow', unit: 'L/min', value: 600 },
      { valveId: valve.valveId, timestamp: at(1), channel: 'flow', unit: 'm3/h', value: 30 },
      { valveId: valve.valveId, timestamp: at(2), channel: 'motor_current', unit: 'A', value: 12.5 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 3, inserted: 3, updated: 0, duplicates: 0 });
    const [flow] = await channel('flow');
    expect(flow).toMatchObject({ quantity: 'flow', unit: 'L/min' });
    const rows = await t.db
      .select({ value: channelReadings.value })
      .from(channelReadings)
      .where(eq(channelReadings.channelId, flow.id))
      .orderBy(asc(channelReadings.timestamp));
    // 600 L/min is 36 m³/h, the canonical unit; 30 m³/h stays 30.
    expect(rows.map((r) => Math.round(r.value * 1000) / 1000)).toEqual([36, 30]);
  });

  it('refuses a reading in a unit of another quantity, naming it, and writes nothing of the batch', async () => {
    const res = await post([
      { valveId: valve.valveId, timestamp: at(10), channel: 'flow', unit: 'm3/h', value: 31 },
      { valveId: valve.valveId, timestamp: at(10), channel: 'flow', unit: 'A', value: 3 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      {
        path: 'readings.1.unit',
        message: 'A is not a unit of flow, which channel flow of V-001-BV measures (in L/min)',
      },
    ]);
    expect((await rollups('flow', 60_000))[0].count).toBe(2);
  });

  it('refuses an unknown unit, a channel without a unit, and both a channel and a sensor type', async () => {
    const cases = [
      [{ channel: 'flow', unit: 'furlongs', value: 1 }, 'readings.0.unit'],
      [{ channel: 'flow', value: 1 }, 'readings.0.unit'],
      [{ channel: 'flow', unit: 'A', sensorType: 'pressure', value: 1 }, 'readings.0.channel'],
      [{ value: 1 }, 'readings.0.channel'],
      [{ channel: '../x', unit: 'A', value: 1 }, 'readings.0.channel'],
    ] as const;
    for (const [reading, path] of cases) {
      const res = await post([{ valveId: valve.valveId, timestamp: at(20), ...reading }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe(path);
    }
  });

  it('refuses a physically impossible reading with a 400 naming it, and writes nothing of the batch (issue 27, item 7)', async () => {
    const cases = [
      [{ sensorType: 'temperature', value: -500 }, '-500 °F is below absolute zero (-459.67 °F)'],
      [{ channel: 'body_temp', unit: 'degC', value: -300 }, '-300 °C is below absolute zero (-273.15 °C)'],
      [{ channel: 'body_temp_k', unit: 'K', value: -1 }, '-1 K is below absolute zero (0 K)'],
      [{ sensorType: 'vibration', value: -2 }, '-2 mm/s is below zero (a vibration level is a magnitude) (0 mm/s)'],
      [{ channel: 'inlet_pressure', unit: 'bar', value: -3 }, '-3 bar is below a perfect vacuum (-1.085 bar)'],
      [{ channel: 'flow', unit: 'm3/s', value: 1e308 }, '1e+308 m³/s is too large to store in m³/h'],
    ] as const;
    for (const [reading, message] of cases) {
      const res = await post([
        { valveId: valve.valveId, timestamp: at(30), sensorType: 'pressure', value: 120 },
        { valveId: valve.valveId, timestamp: at(30), ...reading },
      ]);
      expect(res.statusCode, JSON.stringify(reading)).toBe(400);
      expect(res.json().issues).toEqual([{ path: 'readings.1.value', message }]);
    }
    const stored = await t.db
      .select()
      .from(sensorReadings)
      .where(and(eq(sensorReadings.valveId, valve.id), eq(sensorReadings.timestamp, new Date(at(30)))));
    expect(stored).toEqual([]);
    // Absolute zero itself, a vacuum and a reverse flow are readings.
    const res = await post([
      { valveId: valve.valveId, timestamp: at(31), sensorType: 'temperature', value: -459.67 },
      { valveId: valve.valveId, timestamp: at(31), channel: 'inlet_pressure', unit: 'psi', value: -14.7 },
      { valveId: valve.valveId, timestamp: at(31), channel: 'return_flow', unit: 'm3/h', value: -4 },
    ]);
    expect(res.statusCode).toBe(200);
  });

  it('tells a differential and a supply pressure from a line pressure by the name', async () => {
    await post([
      { valveId: valve.valveId, timestamp: at(30), channel: 'dp_valve', unit: 'kPa', value: 50 },
      { valveId: valve.valveId, timestamp: at(30), channel: 'air_supply', unit: 'psi', value: 60 },
      { valveId: valve.valveId, timestamp: at(30), channel: 'P1_upstream', unit: 'bar', value: 6 },
    ]);
    expect((await channel('dp_valve'))[0].quantity).toBe('differentialPressure');
    expect((await channel('air_supply'))[0].quantity).toBe('actuatorSupplyPressure');
    expect((await channel('P1_upstream'))[0].quantity).toBe('pressure');
  });

  it('maps a spec sensor to its channel: a temperature in °C is stored in °F for the spec, rolled up in °C', async () => {
    const res = await post([
      { valveId: valve.valveId, timestamp: at(3600), channel: 'temperature', unit: 'degC', value: 100 },
      { valveId: valve.valveId, timestamp: at(3601), sensorType: 'temperature', value: 32 },
    ]);
    expect(res.json().inserted).toBe(2);
    const spec = await t.db
      .select({ value: sensorReadings.value })
      .from(sensorReadings)
      .where(and(eq(sensorReadings.valveId, valve.id), eq(sensorReadings.sensorType, 'temperature')))
      .orderBy(asc(sensorReadings.timestamp));
    expect(spec.slice(-2).map((r) => Math.round(r.value * 100) / 100)).toEqual([212, 32]);
    const [hour] = (await rollups('temperature', 3_600_000)).filter((r) => r.t.getTime() === base + 3_600_000);
    expect(hour).toMatchObject({ count: 2, min: 0, last: 0 });
    expect(hour.max).toBeCloseTo(100, 6);
    const refused = await post([
      { valveId: valve.valveId, timestamp: at(3602), channel: 'vibration', unit: 'g', value: 1 },
    ]);
    expect(refused.statusCode).toBe(400);
  });
});

describe('rollups and corrected readings', () => {
  it('keeps per-minute and per-hour count, mean, min, max and last, whatever order batches arrive in', async () => {
    const readings = (seconds: number[], value: (s: number) => number) =>
      seconds.map((s) => ({
        valveId: valve.valveId,
        timestamp: at(7200 + s),
        channel: 'valve_travel',
        unit: '%',
        value: value(s),
      }));
    await post(readings([60, 61, 62, 119], (s) => s - 60));
    await post(readings([30, 125], (s) => s));
    const minutes = await rollups('valve_travel', 60_000);
    expect(
      minutes.map((m) => [m.t.getTime() - base - 7_200_000, m.count, m.sum / m.count, m.min, m.max, m.last]),
    ).toEqual([
      [0, 1, 30, 30, 30, 30],
      [60_000, 4, (0 + 1 + 2 + 59) / 4, 0, 59, 59],
      [120_000, 1, 125, 125, 125, 125],
    ]);
    const [hour] = await rollups('valve_travel', 3_600_000);
    expect([hour.count, hour.min, hour.max, hour.last]).toEqual([6, 0, 125, 125]);
  });

  it('updates a corrected reading, says how many, and rebuilds its buckets from the raw readings', async () => {
    const first = [0, 1, 2].map((i) => ({
      valveId: valve.valveId,
      timestamp: at(9000 + i),
      channel: 'stem_torque',
      unit: 'N·m',
      value: 100,
    }));
    await post(first);
    const corrected = await post([{ ...first[1], value: 160 }, first[2], { ...first[2], timestamp: at(9003) }]);
    expect(corrected.json()).toEqual({ received: 3, inserted: 1, updated: 1, duplicates: 1 });
    const [minute] = await rollups('stem_torque', 60_000);
    expect([minute.count, minute.sum, minute.min, minute.max]).toEqual([4, 460, 100, 160]);
    const spec = { valveId: valve.valveId, timestamp: at(9100), sensorType: 'pressure', value: 100 };
    await post([spec]);
    const again = await post([{ ...spec, value: 145.0377 }]);
    expect(again.json()).toMatchObject({ inserted: 0, updated: 1 });
    const [pressure] = (await rollups('pressure', 60_000)).filter((r) => r.t.getTime() === base + 9060_000);
    expect(pressure.count).toBe(1);
    expect(pressure.last).toBeCloseTo(10, 3);
  });

  it('purges raw readings past the retention period and keeps the hourly rollups', async () => {
    const now = new Date(base + 40 * 86_400_000);
    const purged = await purgeOldReadings(t.db, { rawDays: 35, minuteDays: 36, now });
    expect(purged).toBeGreaterThan(10);
    const [flow] = await channel('flow');
    expect(await t.db.select().from(channelReadings).where(eq(channelReadings.channelId, flow.id))).toEqual([]);
    expect((await rollups('flow', 60_000)).length).toBe(0);
    expect((await rollups('flow', 3_600_000))[0].count).toBe(2);
  });
});
