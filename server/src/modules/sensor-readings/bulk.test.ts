import { ANALYTICS_LIMITS } from '@common/analytics';
import { sensorReadingBatchResult } from '@common/schemas/analytics';
import { and, asc, count, eq, gte, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelReadings, channelRollups, sensorReadings, valveChannels, valves } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type Persona, type TestContext } from '../../testing/test-app';
import { ingestCsv } from './bulk';
import { onReadings } from './events';

let t: TestContext;
let list: { id: number; valveId: string; plant: string }[];
beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  list = await t.db.select().from(valves).where(eq(valves.organizationId, 1)).orderBy(asc(valves.id));
});
afterAll(() => t.close());

const MINUTE = 60_000;
const HOUR = 3_600_000;
const base = Date.UTC(2027, 2, 1);
const at = (minute: number) => new Date(base + minute * MINUTE).toISOString();
const HEADINGS = 'valveId,timestamp,sensorType,value,quality';

async function postCsv(csv: string, options: { as?: Persona; type?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/sensor-readings/bulk',
    payload: csv,
    headers: { 'content-type': options.type ?? 'text/csv', cookie: await t.cookie(options.as ?? 'supervisor') },
  });
}

/** Past the demo's readings, which end before 2027. */
const sinceBase = gte(sensorReadings.timestamp, new Date(base));
const storedOf = async (valveId: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(sensorReadings)
      .where(and(eq(sensorReadings.valveId, valveId), sinceBase))
  )[0].n;

/** A channel's rollups as rows without its id, oldest first, to compare two channels fed the same readings. */
async function rollupsOf(valveId: number, name: string) {
  const [channel] = await t.db
    .select({ id: valveChannels.id })
    .from(valveChannels)
    .where(and(eq(valveChannels.valveId, valveId), eq(valveChannels.name, name)));
  const rows = await t.db
    .select()
    .from(channelRollups)
    .where(and(eq(channelRollups.channelId, channel.id), gte(channelRollups.t, new Date(base))))
    .orderBy(asc(channelRollups.stepMs), asc(channelRollups.t));
  return rows.map(({ channelId: _, ...r }) => r);
}

describe('POST /api/sensor-readings/bulk', () => {
  it('stores a file once, with the same rollups as the batch path; a replay writes nothing', async () => {
    const [viaFile, viaBatch] = [list[0], list[1]];
    // Two hours of readings every 20 s, values wandering, in a shuffled order with a blank line.
    const readings = Array.from({ length: 360 }, (_, i) => ({
      minute: i / 3,
      value: 300 + Math.sin(i / 7) * 20 + (i % 11),
    })).sort((a, b) => ((a.minute * 7919) % 13) - ((b.minute * 7919) % 13));
    const lines = readings.map(
      (r) => `${viaFile.valveId},${new Date(base + r.minute * MINUTE).toISOString()},temperature,${r.value},good`,
    );
    const csv = `${HEADINGS}\n${lines.slice(0, 100).join('\n')}\n\n${lines.slice(100).join('\n')}\n`;
    const first = await postCsv(csv);
    expect(first.statusCode).toBe(200);
    expect(sensorReadingBatchResult.parse(first.json())).toEqual({
      received: 360,
      inserted: 360,
      updated: 0,
      duplicates: 0,
    });
    const batch = readings.map((r) => ({
      valveId: viaBatch.valveId,
      timestamp: new Date(base + r.minute * MINUTE).toISOString(),
      sensorType: 'temperature',
      value: r.value,
      quality: 'good',
    }));
    expect((await send(t, 'POST', '/api/sensor-readings', { readings: batch })).statusCode).toBe(200);
    const fileRollups = await rollupsOf(viaFile.id, 'temperature');
    expect(fileRollups).toHaveLength(120 + 2);
    // The same buckets; a sum only to the last bits of a float, as its terms are added in another order.
    expect(fileRollups).toEqual(
      (await rollupsOf(viaBatch.id, 'temperature')).map((r) => ({ ...r, sum: expect.closeTo(r.sum, 9) })),
    );

    const again = await postCsv(csv);
    expect(again.json()).toEqual({ received: 360, inserted: 0, updated: 0, duplicates: 360 });
    expect(await storedOf(viaFile.id)).toBe(360);
    expect(await rollupsOf(viaFile.id, 'temperature')).toEqual(fileRollups);
  });

  it('corrects a reading stored with another value, keeps the last of a repeated one, and rebuilds its hour', async () => {
    const v = list[2];
    const first = await postCsv(
      `${HEADINGS}\n${v.valveId},${at(0)},pressure,100,\n${v.valveId},${at(1)},pressure,110,\n`,
    );
    expect(first.json()).toMatchObject({ inserted: 2 });
    const second = await postCsv(
      `${HEADINGS}\n${v.valveId},${at(0)},pressure,100,\n${v.valveId},${at(1)},pressure,120,\n` +
        `${v.valveId},${at(2)},pressure,5,\n${v.valveId},${at(2)},pressure,130,\n`,
    );
    expect(second.json()).toEqual({ received: 4, inserted: 1, updated: 1, duplicates: 2 });
    const rows = await t.db
      .select({ value: sensorReadings.value })
      .from(sensorReadings)
      .where(and(eq(sensorReadings.valveId, v.id), sinceBase))
      .orderBy(asc(sensorReadings.timestamp));
    expect(rows.map((r) => r.value)).toEqual([100, 120, 130]);
    const hour = (await rollupsOf(v.id, 'pressure')).find((r) => r.stepMs === HOUR);
    // The hour holds 100, 120 and 130 PSI, in the channel's canonical unit (bar): the corrected 110 is gone.
    expect(hour?.count).toBe(3);
    expect(hour?.max).toBeCloseTo(130 * 0.0689476, 4);
    expect(hour?.sum).toBeCloseTo(350 * 0.0689476, 4);
  });

  it('takes named channels with their units, converting a spec sensor given in another unit', async () => {
    const v = list[3];
    const csv =
      'valveId,timestamp,channel,unit,value\n' +
      `${v.valveId},${at(0)},flow,L/min,42.5\n` +
      `${v.valveId},${at(0)},temperature,degC,100\n` +
      `${v.valveId},${at(1)},motor current,A,3.2\n`;
    const res = await postCsv(csv);
    expect(res.json()).toEqual({ received: 3, inserted: 3, updated: 0, duplicates: 0 });
    const [temperature] = await t.db
      .select({ value: sensorReadings.value, quality: sensorReadings.quality })
      .from(sensorReadings)
      .where(and(eq(sensorReadings.valveId, v.id), sinceBase));
    expect(temperature.value).toBeCloseTo(212, 6);
    expect(temperature.quality).toBe('good');
    const channels = await t.db
      .select({ id: valveChannels.id, name: valveChannels.name })
      .from(valveChannels)
      .where(eq(valveChannels.valveId, v.id));
    const others = await t.db
      .select({ value: channelReadings.value })
      .from(channelReadings)
      .where(
        and(
          inArray(
            channelReadings.channelId,
            channels.filter((c) => c.name !== 'temperature').map((c) => c.id),
          ),
          gte(channelReadings.timestamp, new Date(base)),
        ),
      )
      .orderBy(asc(channelReadings.value));
    // Stored in the channels' canonical units: 42.5 L/min is 2.55 m³/h.
    expect(others.map((r) => r.value)).toEqual([expect.closeTo(2.55, 9), 3.2]);
  });

  it('derives a missing quality, vibration by its ISO zone, as the batch does', async () => {
    const v = list[4];
    await postCsv(`${HEADINGS}\n${v.valveId},${at(0)},vibration,1.0,\n${v.valveId},${at(1)},vibration,12,\n`);
    const rows = await t.db
      .select({ quality: sensorReadings.quality })
      .from(sensorReadings)
      .where(and(eq(sensorReadings.valveId, v.id), sinceBase))
      .orderBy(asc(sensorReadings.timestamp));
    expect(rows.map((r) => r.quality)).toEqual(['good', 'critical']);
  });

  it('announces the valves that received readings', async () => {
    const seen: number[][] = [];
    const stop = onReadings((e) => seen.push(e.valveIds));
    await postCsv(`${HEADINGS}\n${list[5].valveId},${at(0)},pressure,90,good\n`);
    await postCsv(`${HEADINGS}\n${list[5].valveId},${at(0)},pressure,90,good\n`);
    stop();
    expect(seen).toEqual([[list[5].id]]);
  });
});

describe('POST /api/sensor-readings/bulk refuses, writing nothing', () => {
  const v = () => list[6];
  const nothingStored = async () => expect(await storedOf(v().id)).toBe(0);

  it('a file whose rows fail the contract, naming each row and field', async () => {
    const res = await postCsv(
      `${HEADINGS}\n${v().valveId},${at(0)},pressure,100,good\n${v().valveId},yesterday,pressure,100,good\n` +
        `${v().valveId},${at(2)},pressure,abc,good\n${v().valveId},${at(3)},humidity,1,good\n${v().valveId},${at(4)},pressure,1,fine\n`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: '4 rows are not a reading; row 3: timestamp must be an ISO 8601 date and time',
      issues: [
        { path: 'rows.3.timestamp', message: 'must be an ISO 8601 date and time' },
        { path: 'rows.4.value', message: 'must be a number' },
        { path: 'rows.5.sensorType', message: 'must be temperature, pressure or vibration' },
        { path: 'rows.6.quality', message: 'must be good, warning or critical' },
      ],
    });
    await nothingStored();
  });

  it('unknown or missing columns, an empty file, and a file of headings only', async () => {
    const unknown = await postCsv(`valveId,timestamp,sensor,value\n${v().valveId},${at(0)},pressure,1\n`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'Unknown column sensor: the columns are valveId, timestamp, sensorType, channel, unit, value, quality',
    );
    const missing = await postCsv(`valveId,sensorType,value\n${v().valveId},pressure,1\n`);
    expect(missing.json()).toEqual({ message: 'The first row must name the columns; missing: timestamp' });
    expect((await postCsv('')).json()).toEqual({
      message: 'The first row must name the columns; missing: valveId, timestamp, value',
    });
    for (const empty of [`${HEADINGS}\n`, `${HEADINGS}\n\n,,,,\n`]) {
      const res = await postCsv(empty);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The file holds no readings: a row of column names, then a reading a row');
    }
    await nothingStored();
  });

  it('a valve the sender does not have, by its row', async () => {
    const res = await postCsv(
      `${HEADINGS}\n${v().valveId},${at(0)},pressure,1,good\nV-999-BV,${at(0)},pressure,1,good\n`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Unknown valve: V-999-BV',
      issues: [{ path: 'rows.3.valveId', message: 'no valve V-999-BV in your plants' }],
    });
    await nothingStored();
  });

  it('a unit that is not of its channel, or an impossible value, by its row', async () => {
    const res = await postCsv(
      `valveId,timestamp,channel,unit,value\n${v().valveId},${at(0)},pressure,psi,1\n${v().valveId},${at(1)},pressure,degC,1\n`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Row 3: degC is not a unit of pressure/);
    expect(res.json().issues[0].path).toBe('rows.3.unit');
    const cold = await postCsv(`${HEADINGS}\n${v().valveId},${at(0)},temperature,-500,good\n`);
    expect(cold.statusCode).toBe(400);
    expect(cold.json().issues[0].path).toBe('rows.2.value');
    await nothingStored();
  });

  it('more readings than a request takes, with 413', async () => {
    const line = `${v().valveId},${at(0)},pressure,1,good\n`;
    const res = await postCsv(`${HEADINGS}\n${line.repeat(ANALYTICS_LIMITS.maxBulkReadings + 1)}`);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file holds 500,001 readings; send at most 500,000 a request');
    await nothingStored();
  });

  it('a body that is not CSV: JSON with 400, another type with 415', async () => {
    const json = await postCsv(JSON.stringify({ readings: [] }), { type: 'application/json' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/must be a CSV file \(Content-Type: text\/csv\)/);
    const binary = await postCsv('PK', { type: 'application/zip' });
    expect(binary.statusCode).toBe(415);
    expect(binary.json()).toEqual({ message: 'Content-Type application/zip is not taken here' });
  });

  it('a technician, a stranger, and a plant-limited sender writing another plant', async () => {
    const csv = `${HEADINGS}\n${v().valveId},${at(0)},pressure,1,good\n`;
    expect((await postCsv(csv, { as: 'technician' })).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/sensor-readings/bulk',
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(anonymous.statusCode).toBe(401);
    const elsewhere = list.find((x) => x.plant !== 'Power Plant A') as (typeof list)[number];
    const scope = { organizationId: 1, plants: ['Power Plant A'] };
    await expect(
      ingestCsv(t.db, scope, `${HEADINGS}\n${elsewhere.valveId},${at(0)},pressure,1,good\n`),
    ).rejects.toMatchObject({ statusCode: 400, message: `Unknown valve: ${elsewhere.valveId}` });
    await nothingStored();
  });
});
