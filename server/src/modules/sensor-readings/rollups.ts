/**
 * The per-minute and per-hour rollups of every channel (count, sum, min, max, last), kept on ingest so the engine
 * and the charts read a day of 1 Hz readings as 1,440 or 24 rows rather than 86,400. New readings merge into
 * their buckets by addition (one statement, in key order so concurrent batches do not deadlock); a corrected reading rebuilds the hours
 * it falls in from the raw readings. Raw readings are purged after the retention period, the rollups stay.
 */
import type { SensorType } from '@common/constants';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { channelReadings, channelRollups, sensorReadings } from '../../db/schema';
import type { Job } from '../../jobs';
import { specToCanonical } from './channels';
import { dropRolledUpPartitions } from './partitions';

export const ROLLUP_STEPS_MS = { minute: 60_000, hour: 3_600_000 } as const;

/** A stored reading in its channel's canonical unit. */
export type Point = { channelId: number; t: number; v: number };

type Bucket = {
  channelId: number;
  stepMs: number;
  t: number;
  count: number;
  sum: number;
  min: number;
  max: number;
  last: number;
  lastAt: number;
};

const iso = (ms: number) => `"${new Date(ms).toISOString()}"`;

/** The conflict clause of an insert into channel_rollups that adds new readings' buckets into those stored. */
export const ADD_TO_STORED_BUCKETS = sql`on conflict (channel_id, step_ms, t) do update set
      count = ${channelRollups}.count + excluded.count,
      sum = ${channelRollups}.sum + excluded.sum,
      min = least(${channelRollups}.min, excluded.min),
      max = greatest(${channelRollups}.max, excluded.max),
      last = case when excluded.last_at >= ${channelRollups}.last_at then excluded.last else ${channelRollups}.last end,
      last_at = greatest(${channelRollups}.last_at, excluded.last_at)`;

/**
 * The minute and hour buckets (channel_rollups' columns, in order) of `readings`, a relation of the statement with
 * columns channel_id, at and v (the canonical value).
 */
export const bucketsOf = (readings: SQL) => sql`
      select channel_id, ${ROLLUP_STEPS_MS.minute}::int as step_ms, date_trunc('minute', at, 'UTC') as t, count(*)::int as count,
        sum(v) as sum, min(v) as min, max(v) as max, (array_agg(v order by at desc))[1] as last, max(at) as last_at
      from ${readings} group by 1, 3
      union all
      select channel_id, ${ROLLUP_STEPS_MS.hour}::int, date_trunc('hour', at, 'UTC'), count(*)::int, sum(v), min(v), max(v),
        (array_agg(v order by at desc))[1], max(at)
      from ${readings} group by 1, 3`;

/** New readings added to their minute and hour buckets. */
export async function mergeIntoRollups(db: Database, points: readonly Point[]): Promise<void> {
  if (!points.length) return;
  const buckets = new Map<string, Bucket>();
  for (const stepMs of Object.values(ROLLUP_STEPS_MS)) {
    for (const p of points) {
      const t = Math.floor(p.t / stepMs) * stepMs;
      const k = `${p.channelId}:${stepMs}:${t}`;
      const b = buckets.get(k);
      if (!b) {
        buckets.set(k, {
          channelId: p.channelId,
          stepMs,
          t,
          count: 1,
          sum: p.v,
          min: p.v,
          max: p.v,
          last: p.v,
          lastAt: p.t,
        });
        continue;
      }
      b.count += 1;
      b.sum += p.v;
      b.min = Math.min(b.min, p.v);
      b.max = Math.max(b.max, p.v);
      if (p.t >= b.lastAt) {
        b.last = p.v;
        b.lastAt = p.t;
      }
    }
  }
  const list = [...buckets.values()];
  const column = (f: (b: Bucket) => string | number) => `{${list.map(f).join(',')}}`;
  await db.execute(sql`
    insert into ${channelRollups} (channel_id, step_ms, t, count, sum, min, max, last, last_at)
    select * from unnest(
      ${column((b) => b.channelId)}::int[], ${column((b) => b.stepMs)}::int[], ${column((b) => iso(b.t))}::timestamptz[],
      ${column((b) => b.count)}::int[], ${column((b) => b.sum)}::float8[], ${column((b) => b.min)}::float8[],
      ${column((b) => b.max)}::float8[], ${column((b) => b.last)}::float8[], ${column((b) => iso(b.lastAt))}::timestamptz[])
    order by 1, 2, 3
    ${ADD_TO_STORED_BUCKETS}`);
}

/** An hour of a channel whose raw readings changed; `sensorType` when its raw readings are the spec's sensor rows. */
export type TouchedHour = { channelId: number; valveId: number; sensorType: SensorType | null; hour: number };

/** The touched hours' minute and hour buckets recomputed from the raw readings (after corrections). */
export async function rebuildRollups(db: Database, touched: readonly TouchedHour[]): Promise<void> {
  const unique = [...new Map(touched.map((h) => [`${h.channelId}:${h.hour}`, h])).values()];
  if (!unique.length) return;
  const conversions = unique.map((h) => (h.sensorType ? specToCanonical(h.sensorType) : { scale: 1, shift: 0 }));
  const column = (values: (string | number)[]) => `{${values.join(',')}}`;
  await db.execute(sql`
    with touched as (
      select * from unnest(
        ${column(unique.map((h) => h.channelId))}::int[], ${column(unique.map((h) => h.valveId))}::int[],
        ${column(unique.map((h) => h.sensorType ?? 'NULL'))}::text[], ${column(conversions.map((c) => c.scale))}::float8[],
        ${column(conversions.map((c) => c.shift))}::float8[], ${column(unique.map((h) => iso(h.hour)))}::timestamptz[]
      ) as t(channel_id, valve_id, sensor_type, scale, shift, hour)
    ),
    raw as (
      select t.channel_id, r."timestamp" as at, r.value * t.scale + t.shift as v
      from touched t join ${sensorReadings} r on t.sensor_type is not null and r.valve_id = t.valve_id
        and r.sensor_type = t.sensor_type and r."timestamp" >= t.hour and r."timestamp" < t.hour + interval '1 hour'
      union all
      select t.channel_id, r."timestamp", r.value
      from touched t join ${channelReadings} r on t.sensor_type is null and r.channel_id = t.channel_id
        and r."timestamp" >= t.hour and r."timestamp" < t.hour + interval '1 hour'
    ),
    buckets as (${bucketsOf(sql`raw`)})
    insert into ${channelRollups} (channel_id, step_ms, t, count, sum, min, max, last, last_at)
    select * from buckets order by 1, 2, 3
    on conflict (channel_id, step_ms, t) do update set count = excluded.count, sum = excluded.sum,
      min = excluded.min, max = excluded.max, last = excluded.last, last_at = excluded.last_at`);
}

/**
 * Raw readings (spec sensors and channels) older than `rawDays`, and per-minute rollups older than `minuteDays`,
 * deleted; the hourly rollups are kept. The spec sensors' months wholly past the retention go as whole partitions
 * when rolled up (partitions.ts); the rows of the month at the edge, and of a month not rolled up, are deleted.
 * Returns the raw readings removed.
 */
export async function purgeOldReadings(
  db: Database,
  options: { rawDays: number; minuteDays: number; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const rawCutoff = new Date(now.getTime() - options.rawDays * 86_400_000);
  const minuteCutoff = new Date(now.getTime() - options.minuteDays * 86_400_000);
  const dropped = await dropRolledUpPartitions(db, rawCutoff, ROLLUP_STEPS_MS.hour);
  const [counted] = await rowsOf<{ n: number }>(
    db,
    sql`with a as (delete from ${channelReadings} where "timestamp" < ${rawCutoff} returning 1),
      b as (delete from ${sensorReadings} where "timestamp" < ${rawCutoff} returning 1),
      c as (delete from ${channelRollups} where step_ms = ${ROLLUP_STEPS_MS.minute} and t < ${minuteCutoff} returning 1)
    select ((select count(*) from a) + (select count(*) from b))::int as n, (select count(*) from c)::int as m`,
  );
  return dropped + Number(counted.n);
}

/** Raw readings past their retention go hourly, as the idempotency keys do. */
export const readingsPurgeJob = (retention: { rawDays: number; minuteDays: number }): Job => ({
  name: 'readings-retention-purge',
  cron: '40 * * * *',
  run: (db) => purgeOldReadings(db, retention),
});
