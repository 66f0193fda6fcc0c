import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { valves } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { makeReadingPartitions } from './partitions';
import { purgeOldReadings } from './rollups';

/**
 * sensor_readings and channel_readings by month (migrations 0046, 0050): readings land in their month's partition or in the DEFAULT one, the
 * make-ahead carves a month out of the default, and the purge drops a month whole only once it is rolled up. The
 * months here are years from the demo's, so nothing else of the plant is in them.
 */
let t: TestContext;
let valve: { id: number; valveId: string };
beforeAll(async () => {
  t = await createTestApp({ valves: 4 });
  [valve] = await t.db.select().from(valves).where(eq(valves.organizationId, 1)).orderBy(asc(valves.id)).limit(1);
  // The demo's readings out of the DEFAULT partition, so each count below is this file's own.
  await makeReadingPartitions(t.db);
});
afterAll(() => t.close());

const post = (readings: unknown[]) => send(t, 'POST', '/api/sensor-readings', { readings });
const reading = (timestamp: string, value = 1.5) => ({
  valveId: valve.valveId,
  timestamp,
  sensorType: 'vibration',
  value,
});
/** Where each of the valve's readings in [from, to) is stored. */
const placed = (from: string, to: string) =>
  rowsOf<{ part: string; n: number }>(
    t.db,
    sql`select tableoid::regclass::text as part, count(*)::int as n from sensor_readings
      where valve_id = ${valve.id} and "timestamp" >= ${from}::timestamptz and "timestamp" < ${to}::timestamptz
      group by 1 order by 1`,
  );
/** The partitions whose names match `like` ('channel_readings_2034_%'), of the table named before its year. */
const partitions = async (like: string) =>
  (
    await rowsOf<{ name: string }>(
      t.db,
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = ${like.replace(/_\d{4}_.*$/, '')}::regclass and c.relname like ${like} order by 1`,
    )
  ).map((r) => r.name);
/** A reading written straight to the table, as the demo generator does: not in the rollups. */
const insertRaw = (timestamp: string) =>
  t.db.execute(sql`insert into sensor_readings (organization_id, valve_id, sensor_type, "timestamp", value)
    values (1, ${valve.id}, 'vibration', ${timestamp}::timestamptz, 2)`);

describe('sensor readings by month', () => {
  it('stores a reading in its month’s partition, and one of a month without a partition in the DEFAULT one', async () => {
    expect(await makeReadingPartitions(t.db, new Date('2031-03-10T00:00:00Z'))).toBe(6);
    const res = await post([
      reading('2031-03-31T23:59:59.999Z'),
      reading('2031-04-01T00:00:00Z'),
      reading('2031-09-02T08:00:00Z'),
    ]);
    expect(res.json()).toEqual({ received: 3, inserted: 3, updated: 0, duplicates: 0 });
    expect(await placed('2031-01-01', '2032-01-01')).toEqual([
      { part: 'sensor_readings_2031_03', n: 1 },
      { part: 'sensor_readings_2031_04', n: 1 },
      { part: 'sensor_readings_default', n: 1 },
    ]);
  });

  it('makes the coming months once, moving the DEFAULT partition’s readings of a month into its new partition', async () => {
    expect(await makeReadingPartitions(t.db, new Date('2031-08-20T00:00:00Z'))).toBe(6);
    expect(await makeReadingPartitions(t.db, new Date('2031-08-20T00:00:00Z'))).toBe(0);
    expect(await partitions('sensor_readings_2031_%')).toEqual([
      'sensor_readings_2031_03',
      'sensor_readings_2031_04',
      'sensor_readings_2031_05',
      'sensor_readings_2031_08',
      'sensor_readings_2031_09',
      'sensor_readings_2031_10',
    ]);
    expect(await placed('2031-09-01', '2031-10-01')).toEqual([{ part: 'sensor_readings_2031_09', n: 1 }]);
  });

  it('carves out any month the DEFAULT partition took (a back-filled year), and two runs at once make each once', async () => {
    await post([reading('2030-02-14T06:00:00Z'), reading('2030-06-01T06:00:00Z')]);
    const made = await Promise.all([
      makeReadingPartitions(t.db, new Date('2031-08-20T00:00:00Z')),
      makeReadingPartitions(t.db, new Date('2031-08-20T00:00:00Z')),
    ]);
    expect(made.sort()).toEqual([0, 2]);
    expect(await placed('2030-01-01', '2031-01-01')).toEqual([
      { part: 'sensor_readings_2030_02', n: 1 },
      { part: 'sensor_readings_2030_06', n: 1 },
    ]);
  });

  it('reads a valve’s last 30 days from the partitions of the months they fall in only', async () => {
    const plan = await rowsOf<Record<string, string>>(
      t.db,
      sql`explain select "timestamp", value from sensor_readings where valve_id = ${valve.id}
        and "timestamp" > '2031-08-25T00:00:00Z' and "timestamp" <= '2031-09-24T00:00:00Z'`,
    );
    const scanned = new Set(
      plan.flatMap((line) => [...Object.values(line)[0].matchAll(/ on (sensor_readings_\w+)/g)].map((m) => m[1])),
    );
    expect([...scanned].sort()).toEqual(['sensor_readings_2031_08', 'sensor_readings_2031_09']);
  });

  it('still answers a replayed reading as a duplicate and a changed one as a correction, and refuses a second row', async () => {
    const first = reading('2031-04-02T10:00:00Z', 2);
    expect((await post([first])).json()).toEqual({ received: 1, inserted: 1, updated: 0, duplicates: 0 });
    const again = await post([first, { ...first, timestamp: '2031-04-02T11:00:00Z' }]);
    expect(again.json()).toEqual({ received: 2, inserted: 1, updated: 0, duplicates: 1 });
    const corrected = await post([{ ...first, value: 3 }, reading('2031-09-03T08:00:00Z')]);
    expect(corrected.json()).toEqual({ received: 2, inserted: 1, updated: 1, duplicates: 0 });
    const [stored] = await rowsOf<{ value: number }>(
      t.db,
      sql`select value from sensor_readings where valve_id = ${valve.id} and "timestamp" = '2031-04-02T10:00:00Z'`,
    );
    expect(stored.value).toBe(3);
    await expect(insertRaw('2031-04-02T10:00:00Z')).rejects.toMatchObject({ cause: { code: '23505' } });
  });

  it('drops a month past the retention only when the rollups hold it, and deletes the rows of the rest', async () => {
    await makeReadingPartitions(t.db, new Date('2032-01-05T00:00:00Z'));
    await post([reading('2032-01-10T00:00:00Z'), reading('2032-01-20T00:00:00Z')]);
    await insertRaw('2032-02-10T00:00:00Z');
    await post([reading('2032-03-01T00:00:00Z'), reading('2032-03-30T00:00:00Z')]);
    const purged = await purgeOldReadings(t.db, {
      rawDays: 35,
      minuteDays: 400,
      now: new Date('2032-04-20T00:00:00Z'),
    });
    // Everything before 2032-03-16 went: 2032-01 whole, 2032-02's row deleted, 2032-03 cut at the cutoff.
    expect(await partitions('sensor_readings_2032_%')).toEqual(['sensor_readings_2032_02', 'sensor_readings_2032_03']);
    expect(await placed('2032-01-01', '2033-01-01')).toEqual([{ part: 'sensor_readings_2032_03', n: 1 }]);
    expect(await placed('2000-01-01', '2032-03-16')).toEqual([]);
    expect(purged).toBeGreaterThanOrEqual(4);
    // The hourly rollups of the month dropped stay.
    const [hours] = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from channel_rollups r join valve_channels c on c.id = r.channel_id
        where c.valve_id = ${valve.id} and r.step_ms = 3600000 and r.t >= '2032-01-01' and r.t < '2032-02-01'`,
    );
    expect(hours.n).toBe(2);
    // Emptied by the DELETE, the month not rolled up goes as a whole next time.
    await purgeOldReadings(t.db, { rawDays: 35, minuteDays: 400, now: new Date('2032-04-20T01:00:00Z') });
    expect(await partitions('sensor_readings_2032_%')).toEqual(['sensor_readings_2032_03']);
  });
});

describe('named channels’ readings by month', () => {
  const flow = (timestamp: string, value = 30) => ({
    valveId: valve.valveId,
    timestamp,
    channel: 'flow',
    unit: 'm3/h',
    value,
  });
  const channelPlaced = (from: string, to: string) =>
    rowsOf<{ part: string; n: number }>(
      t.db,
      sql`select r.tableoid::regclass::text as part, count(*)::int as n from channel_readings r
        join valve_channels c on c.id = r.channel_id
        where c.valve_id = ${valve.id} and r."timestamp" >= ${from}::timestamptz and r."timestamp" < ${to}::timestamptz
        group by 1 order by 1`,
    );
  it('stores a channel’s reading in its month’s partition, and carves a month out of the DEFAULT one later', async () => {
    await makeReadingPartitions(t.db, new Date('2033-05-10T00:00:00Z'));
    const res = await post([flow('2033-05-31T23:59:59Z'), flow('2033-06-01T00:00:00Z'), flow('2033-11-02T08:00:00Z')]);
    expect(res.json()).toEqual({ received: 3, inserted: 3, updated: 0, duplicates: 0 });
    expect(await channelPlaced('2033-01-01', '2034-01-01')).toEqual([
      { part: 'channel_readings_2033_05', n: 1 },
      { part: 'channel_readings_2033_06', n: 1 },
      { part: 'channel_readings_default', n: 1 },
    ]);
    // Both tables' months: 2033-10..12 for each, 2033-11 moved out of each DEFAULT partition.
    expect(await makeReadingPartitions(t.db, new Date('2033-10-20T00:00:00Z'))).toBe(6);
    expect(await channelPlaced('2033-11-01', '2033-12-01')).toEqual([{ part: 'channel_readings_2033_11', n: 1 }]);
    // A replayed reading is a duplicate, a changed one a correction, in a partition as before.
    const again = await post([flow('2033-06-01T00:00:00Z'), flow('2033-05-31T23:59:59Z', 31)]);
    expect(again.json()).toEqual({ received: 2, inserted: 0, updated: 1, duplicates: 1 });
  });

  it('drops a channel’s month past the retention only when the rollups hold it', async () => {
    await makeReadingPartitions(t.db, new Date('2034-01-05T00:00:00Z'));
    await post([flow('2034-01-10T00:00:00Z'), flow('2034-01-20T00:00:00Z')]);
    const [c] = await rowsOf<{ id: number }>(
      t.db,
      sql`select id from valve_channels where valve_id = ${valve.id} and name = 'flow'`,
    );
    // Written straight to the table, as the demo does: not in the rollups, so February is not dropped whole.
    await t.db.execute(sql`insert into channel_readings (channel_id, "timestamp", value)
      values (${c.id}, '2034-02-10T00:00:00Z', 2)`);
    await post([flow('2034-03-01T00:00:00Z'), flow('2034-03-30T00:00:00Z')]);
    await purgeOldReadings(t.db, { rawDays: 35, minuteDays: 400, now: new Date('2034-04-20T00:00:00Z') });
    expect(await partitions('channel_readings_2034_%')).toEqual([
      'channel_readings_2034_02',
      'channel_readings_2034_03',
    ]);
    expect(await channelPlaced('2000-01-01', '2035-01-01')).toEqual([{ part: 'channel_readings_2034_03', n: 1 }]);
    await purgeOldReadings(t.db, { rawDays: 35, minuteDays: 400, now: new Date('2034-04-20T01:00:00Z') });
    expect(await partitions('channel_readings_2034_%')).toEqual(['channel_readings_2034_03']);
  });
});
