/**
 * What the engine reads of a valve's channels: the span it assesses, its reference period, and per channel the
 * buckets of the stored resolution `planReads` picks (raw readings for short spans, else the per-minute or
 * per-hour rollup), so a day of 1 Hz readings is 1,440 rows a channel, never 86,400. One query per chunk of
 * valves, one row per channel with its buckets as text lists (decoding row by row cost more than the engine).
 */
import { SENSOR_TYPES, type SensorType } from '@common/constants';
import { guessChannelRole, type Quantity, SPEC_SENSOR_CHANNELS, toCanonical } from '@common/quantities';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { channelReadings, channelRollups, referencePeriods, sensorReadings, valveChannels } from '../../db/schema';
import { defaultReferencePeriod } from './engine/condition/period';
import { planReads, ROLLUPS, type Rollup } from './engine/condition/rollup';
import type { Bucket, ChannelSeries, Span } from './engine/condition/types';

const DAY = 86_400_000;
/** The engine looks at everything stored, up to a year back (hourly rollups: 8,760 points a channel). */
export const CHANNEL_WINDOW_DAYS = 365;

export type StoredChannel = { id: number; valveId: number; name: string; quantity: Quantity; unit: string };

/** Per valve: its channels, the span its hourly rollups cover, and its peak rate (readings per second). */
export type ValveChannels = {
  channels: StoredChannel[];
  first: number;
  last: number;
  readingsPerSecond: number;
  marked: Span | null;
};

/** The valves among these that have a channel other than the spec's three sensors, with what the plan needs. */
export async function channelValves(db: Database, valveIds: number[]): Promise<Map<number, ValveChannels>> {
  if (!valveIds.length) return new Map();
  const ids = `{${valveIds.join(',')}}`;
  const rows = await rowsOf<{
    id: number;
    valve_id: number;
    name: string;
    quantity: Quantity;
    unit: string;
    first: string | null;
    last: string | null;
    peak: number | null;
  }>(
    db,
    sql`
    select c.id, c.valve_id, c.name, c.quantity, c.unit,
      -- The first hour's bucket starts up to an hour before the first reading: its first minute says when the
      -- record opens (so the default reference period holds readings), unless those minutes were purged.
      (extract(epoch from coalesce(
        (select min(m.t) from ${channelRollups} m where m.channel_id = c.id and m.step_ms = ${ROLLUPS.minute}
          and m.t >= min(r.t) and m.t < min(r.t) + interval '1 hour'),
        min(r.t))) * 1000)::bigint::text as first,
      (extract(epoch from max(r.last_at)) * 1000)::bigint::text as last, max(r.count) as peak
    from ${valveChannels} c left join ${channelRollups} r on r.channel_id = c.id and r.step_ms = ${ROLLUPS.hour}
    where c.valve_id = any(${ids}::int[])
      and exists (select 1 from ${valveChannels} o where o.valve_id = c.valve_id
        and o.name <> all(${`{${SENSOR_TYPES.join(',')}}`}::text[]))
    group by c.id order by c.valve_id, c.id`,
  );
  const marked = await rowsOf<{ valve_id: number; from: Date | string; to: Date | string }>(
    db,
    sql`select valve_id, "from", "to" from ${referencePeriods} where valve_id = any(${ids}::int[])`,
  );
  const markedBy = new Map(
    marked.map((m) => [m.valve_id, { from: new Date(m.from).getTime(), to: new Date(m.to).getTime() }]),
  );
  const out = new Map<number, ValveChannels>();
  for (const r of rows) {
    const v = out.get(r.valve_id) ?? {
      channels: [],
      first: Number.POSITIVE_INFINITY,
      last: 0,
      readingsPerSecond: 0,
      marked: markedBy.get(r.valve_id) ?? null,
    };
    v.channels.push({ id: r.id, valveId: r.valve_id, name: r.name, quantity: r.quantity, unit: r.unit });
    if (r.first !== null) v.first = Math.min(v.first, Number(r.first));
    if (r.last !== null) v.last = Math.max(v.last, Number(r.last));
    v.readingsPerSecond = Math.max(v.readingsPerSecond, (r.peak ?? 0) / 3600);
    out.set(r.valve_id, v);
  }
  for (const [id, v] of out) if (!Number.isFinite(v.first)) out.delete(id);
  return out;
}

/** The spans assessed and learned from, and the resolution they are read at. */
export function planFor(v: ValveChannels, now: number, renewedAt: number | null) {
  const first = Math.max(v.first, now - CHANNEL_WINDOW_DAYS * DAY);
  const reference = v.marked ?? defaultReferencePeriod(first, renewedAt, now);
  // The default reference opens the record: the window is what came after it. A marked one may lie anywhere.
  const window = { from: v.marked ? first - 1 : Math.max(first - 1, reference.to), to: now };
  const plan = planReads(reference, window, v.readingsPerSecond);
  const resolution: Rollup = ROLLUPS[plan.reference] >= ROLLUPS[plan.window] ? plan.reference : plan.window;
  return { reference, window, resolution };
}

type SeriesRow = {
  channel: number;
  times: string;
  counts: string;
  means: string;
  mins: string;
  maxs: string;
  lasts: string;
};

/** One channel's buckets at a resolution over a span, canonical unit (spec sensors' raw rows converted). */
async function readBuckets(
  db: Database,
  channels: StoredChannel[],
  resolution: Rollup,
  span: Span,
): Promise<Map<number, Bucket[]>> {
  const from = new Date(span.from - ROLLUPS[resolution]);
  const to = new Date(span.to);
  const ids = `{${channels.map((c) => c.id).join(',')}}`;
  const epoch = (column: unknown) => sql`(extract(epoch from ${column}) * 1000)::bigint::text`;
  let rows: SeriesRow[];
  if (resolution === 'raw') {
    rows = await rowsOf<SeriesRow>(
      db,
      sql`
      with raw as (
        select r.channel_id as channel, r."timestamp" as t, r.value as v from ${channelReadings} r
        where r.channel_id = any(${ids}::int[]) and r."timestamp" > ${from} and r."timestamp" <= ${to}
        union all
        select c.id, s."timestamp", s.value from ${valveChannels} c join ${sensorReadings} s
          on s.valve_id = c.valve_id and s.sensor_type = c.name
        where c.id = any(${ids}::int[]) and s."timestamp" > ${from} and s."timestamp" <= ${to}
      )
      select channel, string_agg(${epoch(sql`t`)}, ',' order by t) as times, string_agg('1', ',') as counts,
        string_agg(v::text, ',' order by t) as means, '' as mins, '' as maxs, '' as lasts
      from raw group by channel`,
    );
  } else {
    rows = await rowsOf<SeriesRow>(
      db,
      sql`
      select channel_id as channel, string_agg(${epoch(sql`t`)}, ',' order by t) as times,
        string_agg(count::text, ',' order by t) as counts, string_agg((sum / count)::text, ',' order by t) as means,
        string_agg(min::text, ',' order by t) as mins, string_agg(max::text, ',' order by t) as maxs,
        string_agg(last::text, ',' order by t) as lasts
      from ${channelRollups}
      where channel_id = any(${ids}::int[]) and step_ms = ${ROLLUPS[resolution]} and t > ${from} and t <= ${to}
      group by channel_id`,
    );
  }
  const byId = new Map(channels.map((c) => [c.id, c]));
  const out = new Map<number, Bucket[]>();
  for (const row of rows) {
    const channel = byId.get(Number(row.channel)) as StoredChannel;
    const spec = SENSOR_TYPES.includes(channel.name as SensorType) && resolution === 'raw';
    const convert = spec
      ? (x: number) => toCanonical(channel.quantity, x, SPEC_SENSOR_CHANNELS[channel.name as SensorType].unit)
      : (x: number) => x;
    const times = row.times.split(',');
    const counts = row.counts.split(',');
    const means = row.means.split(',');
    const mins = resolution === 'raw' ? means : row.mins.split(',');
    const maxs = resolution === 'raw' ? means : row.maxs.split(',');
    const lasts = resolution === 'raw' ? means : row.lasts.split(',');
    const buckets: Bucket[] = new Array(times.length);
    for (let i = 0; i < times.length; i++) {
      buckets[i] = {
        t: Number(times[i]),
        count: Number(counts[i]),
        mean: convert(Number(means[i])),
        min: convert(Number(mins[i])),
        max: convert(Number(maxs[i])),
        last: convert(Number(lasts[i])),
      };
    }
    out.set(channel.id, buckets);
  }
  return out;
}

/** The engine's input channels for one valve: its reference and window buckets, read once over both spans. */
export async function channelSeriesOf(
  db: Database,
  v: ValveChannels,
  plan: ReturnType<typeof planFor>,
): Promise<{ channels: ChannelSeries[]; rowsRead: number; stepMs: number }> {
  const span = {
    from: Math.min(plan.reference.from, plan.window.from),
    to: Math.max(plan.reference.to, plan.window.to),
  };
  let resolution = plan.resolution;
  let buckets = await readBuckets(db, v.channels, resolution, span);
  // Raw readings past their retention, or minute rollups past theirs: the next coarser resolution holds them.
  while (buckets.size === 0 && resolution !== 'hour') {
    resolution = resolution === 'raw' ? 'minute' : 'hour';
    buckets = await readBuckets(db, v.channels, resolution, span);
  }
  const stepMs = ROLLUPS[resolution];
  const inSpan = (list: Bucket[], s: Span) => list.filter((b) => b.t > s.from - stepMs && b.t <= s.to);
  let rowsRead = 0;
  const channels = v.channels.map((c): ChannelSeries => {
    const list = buckets.get(c.id) ?? [];
    rowsRead += list.length;
    return {
      name: c.name,
      quantity: c.quantity,
      role: guessChannelRole(c.name, c.quantity),
      displayUnit: c.unit,
      reference: { stepMs, buckets: inSpan(list, plan.reference) },
      window: { stepMs, buckets: inSpan(list, plan.window) },
    };
  });
  return { channels, rowsRead, stepMs };
}
