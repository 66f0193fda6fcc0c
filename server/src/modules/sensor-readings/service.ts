/**
 * Readings in: a batch is checked against the caller's valves, its channels resolved (created on first sight), and
 * written with its rollups in one transaction; a replayed batch (a retry, a re-imported file) stores nothing twice,
 * a corrected reading replaces the stored one.
 */
import { VIBRATION_ZONES_MM_S } from '@common/analytics';
import type { SensorType } from '@common/constants';
import { fromCanonical, normaliseUnit, SPEC_SENSOR_CHANNELS } from '@common/quantities';
import type { SensorReadingBatchResult, SensorReadingInput } from '@common/schemas/analytics';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { channelReadings, sensorReadings, valves } from '../../db/schema';
import { type Scope, valvesInScope } from '../../lib/scope';
import { tagIn } from '../../lib/valve-tags';
import { HttpError } from '../../plugins/errors';
import {
  BATCH_PLACE,
  type Channel,
  canonicalValue,
  channelOf,
  type Incoming,
  isSpecSensor,
  type ReadingPlace,
  resolveChannels,
} from './channels';
import { announceReadings } from './events';
import { mergeIntoRollups, type Point, rebuildRollups, type TouchedHour } from './rollups';

/** Unknown tags named in the 400, at most this many (a file of a foreign plant would list hundreds). */
const NAMED_UNKNOWN = 10;

/** Quality when the sender gave none: vibration by its ISO zone, the rest good. */
export function derivedQuality(r: Pick<SensorReadingInput, 'quality' | 'sensorType' | 'value'>): string {
  if (r.quality) return r.quality;
  if (r.sensorType !== 'vibration') return 'good';
  if (r.value >= VIBRATION_ZONES_MM_S.cd) return 'critical';
  if (r.value >= VIBRATION_ZONES_MM_S.bc) return 'warning';
  return 'good';
}

/** The numeric ids of those of the given tags the scope holds. */
export async function knownValveIds(db: Database, scope: Scope, tags: string[]): Promise<Map<string, number>> {
  // Tags match in any case (lib/valve-tags.ts); the map is keyed as the tags were given.
  const rows = await db
    .select({ id: valves.id, valveId: valves.valveId })
    .from(valves)
    .where(and(valvesInScope(scope), tagIn(tags)));
  const byLower = new Map(rows.map((r) => [r.valveId.toLowerCase(), r.id]));
  const ids = new Map<string, number>();
  for (const tag of tags) {
    const id = byLower.get(tag.toLowerCase());
    if (id !== undefined) ids.set(tag, id);
  }
  return ids;
}

/** The numeric ids of the given tags within the scope; throws 400 naming the tags it does not know. */
export async function resolveValveTags(
  db: Database,
  scope: Scope,
  tags: string[],
  place: ReadingPlace = BATCH_PLACE,
): Promise<Map<string, number>> {
  const unique = [...new Set(tags)];
  const ids = await knownValveIds(db, scope, unique);
  const unknown = unique.filter((t) => !ids.has(t));
  if (unknown.length) {
    const named = unknown.slice(0, NAMED_UNKNOWN).join(', ');
    const more = unknown.length > NAMED_UNKNOWN ? ` and ${unknown.length - NAMED_UNKNOWN} more` : '';
    const issues = tags.flatMap((t, i) =>
      ids.has(t) ? [] : [{ path: `${place.path(i)}.valveId`, message: `no valve ${t} in your plants` }],
    );
    throw new HttpError(400, `Unknown valve${unknown.length > 1 ? 's' : ''}: ${named}${more}`, {
      issues: issues.slice(0, 100),
    });
  }
  return ids;
}

/** The last of each (channel, instant) in a batch: a file may hold a reading and its correction. */
export function lastPerInstant(incoming: readonly Incoming[]): Incoming[] {
  const byKey = new Map<string, Incoming>();
  for (const r of incoming) byKey.set(`${r.valveId}\u0000${r.name}\u0000${r.timestamp.getTime()}`, r);
  return [...byKey.values()];
}

const HOUR = 3_600_000;
/** A row a statement wrote, and whether it was new. */
type Written = { inserted: boolean; at: Date | string };
type SpecWritten = Written & { valve_id: number; sensor_type: SensorType };
type ChannelWritten = Written & { key: number };

/**
 * The spec sensors' rows written by `insert ... on conflict <onConflict>`: the rows travel as arrays (unnest), so
 * 10,000 readings are a handful of parameters rather than 60,000, and go in key order (as do the rollups): two
 * batches writing the same keys then wait for each other instead of deadlocking.
 */
function upsertSpecRows(db: Database, organizationId: number, rows: Incoming[], onConflict: SQL) {
  return rowsOf<Omit<SpecWritten, 'inserted'>>(
    db,
    sql`
    insert into ${sensorReadings} (organization_id, valve_id, sensor_type, "timestamp", value, quality)
    select ${organizationId}, * from unnest(
      ${`{${rows.map((r) => r.valveId).join(',')}}`}::int[],
      ${`{${rows.map((r) => r.name).join(',')}}`}::text[],
      ${`{${rows.map((r) => `"${r.timestamp.toISOString()}"`).join(',')}}`}::timestamptz[],
      ${`{${rows.map((r) => r.value).join(',')}}`}::float8[],
      ${`{${rows.map((r) => derivedQuality({ quality: r.quality as SensorReadingInput['quality'], sensorType: r.name as SensorType, value: r.value })).join(',')}}`}::text[]
    ) order by 2, 3, 4
    on conflict (valve_id, sensor_type, "timestamp") ${onConflict}
    returning "timestamp" as at, valve_id, sensor_type`,
  );
}

const specKey = (valveId: number, sensor: string, at: Date | string) =>
  `${valveId}:${sensor}:${new Date(at).getTime()}`;

/**
 * The new readings first, then those already stored: a reading stored with another value is corrected (issue 17
 * item 12), one stored with the same value writes nothing. Two statements because both readings tables are
 * partitioned (migrations 0046, 0050), and neither engine returns `xmax` (which would tell a new row from an updated
 * one) of a row routed to a partition. The second runs only for a batch holding stored readings (a replay, a
 * correction), so a batch of new readings is one statement.
 */
async function insertThenCorrect<R, W>(
  rows: R[],
  key: { ofRow: (r: R) => string; ofWritten: (w: W) => string },
  upsert: (rows: R[], onConflict: 'do nothing' | 'correct') => Promise<W[]>,
): Promise<(W & { inserted: boolean })[]> {
  if (!rows.length) return [];
  const inserted = await upsert(rows, 'do nothing');
  const isNew = new Set(inserted.map(key.ofWritten));
  const stored = rows.filter((r) => !isNew.has(key.ofRow(r)));
  const corrected = stored.length ? await upsert(stored, 'correct') : [];
  return [...inserted.map((w) => ({ ...w, inserted: true })), ...corrected.map((w) => ({ ...w, inserted: false }))];
}

const writeSpecRows = (db: Database, organizationId: number, rows: Incoming[]): Promise<SpecWritten[]> =>
  insertThenCorrect(
    rows,
    {
      ofRow: (r) => specKey(r.valveId, r.name, r.timestamp),
      ofWritten: (w: Omit<SpecWritten, 'inserted'>) => specKey(w.valve_id, w.sensor_type, w.at),
    },
    (some, onConflict) =>
      upsertSpecRows(
        db,
        organizationId,
        some,
        onConflict === 'do nothing'
          ? sql`do nothing`
          : sql`do update set value = excluded.value, quality = excluded.quality
          where ${sensorReadings}.value is distinct from excluded.value or ${sensorReadings}.quality is distinct from excluded.quality`,
      ),
  );

type ChannelRow = { channelId: number; timestamp: Date; value: number };
const channelKey = (channelId: number, at: Date | string) => `${channelId}:${new Date(at).getTime()}`;

/** The other channels' rows, in key order like the spec sensors'. */
const writeChannelRows = (db: Database, rows: ChannelRow[]): Promise<ChannelWritten[]> =>
  insertThenCorrect(
    rows,
    {
      ofRow: (r) => channelKey(r.channelId, r.timestamp),
      ofWritten: (w: Omit<ChannelWritten, 'inserted'>) => channelKey(w.key, w.at),
    },
    (some, onConflict) =>
      rowsOf<Omit<ChannelWritten, 'inserted'>>(
        db,
        sql`
    insert into ${channelReadings} (channel_id, "timestamp", value)
    select * from unnest(
      ${`{${some.map((r) => r.channelId).join(',')}}`}::int[],
      ${`{${some.map((r) => `"${r.timestamp.toISOString()}"`).join(',')}}`}::timestamptz[],
      ${`{${some.map((r) => r.value).join(',')}}`}::float8[]
    ) order by 1, 2
    on conflict (channel_id, "timestamp") ${
      onConflict === 'do nothing'
        ? sql`do nothing`
        : sql`do update set value = excluded.value where ${channelReadings}.value is distinct from excluded.value`
    }
    returning channel_id as key, "timestamp" as at`,
      ),
  );

/**
 * A reading's value as its table stores it (a spec sensor's in the sensor's unit, °F, PSI, mm/s; another channel's
 * in its canonical unit) and in the canonical unit the rollups hold.
 */
export function storedValue(channel: Channel, r: Incoming): { value: number; canonical: number } {
  const canonical = canonicalValue(channel, r);
  if (!isSpecSensor(r.name)) return { value: canonical, canonical };
  const stored = SPEC_SENSOR_CHANNELS[r.name].unit;
  return {
    value: normaliseUnit(r.unit) === stored ? r.value : fromCanonical(channel.quantity, canonical, stored),
    canonical,
  };
}

/**
 * Stores readings already resolved to valves: their channels (created on first sight), the raw rows (the spec's
 * sensors in sensor_readings as before, other channels in channel_readings) and the rollups, in one transaction.
 */
export async function storeIncoming(
  db: Database,
  organizationId: number,
  all: readonly Incoming[],
): Promise<{ inserted: number; updated: number }> {
  if (!all.length) return { inserted: 0, updated: 0 };
  return db.transaction(async (tx) => {
    const channels = await resolveChannels(tx, organizationId, all);
    const incoming = lastPerInstant(all);
    const spec: Incoming[] = [];
    const other: ChannelRow[] = [];
    for (const r of incoming) {
      const channel = channelOf(channels, r);
      const { value } = storedValue(channel, r);
      if (isSpecSensor(r.name)) spec.push({ ...r, unit: SPEC_SENSOR_CHANNELS[r.name].unit, value });
      else other.push({ channelId: channel.id, timestamp: r.timestamp, value });
    }
    const specWritten = await writeSpecRows(tx, organizationId, spec);
    const otherWritten = await writeChannelRows(tx, other);

    const added: Point[] = [];
    const touched: TouchedHour[] = [];
    const specValue = new Map(spec.map((r) => [`${r.valveId}:${r.name}:${r.timestamp.getTime()}`, r]));
    for (const w of specWritten) {
      const at = new Date(w.at).getTime();
      const channel = channelOf(channels, { valveId: w.valve_id, name: w.sensor_type });
      if (w.inserted) {
        const r = specValue.get(`${w.valve_id}:${w.sensor_type}:${at}`) as Incoming;
        added.push({ channelId: channel.id, t: at, v: canonicalValue(channel, r) });
      } else
        touched.push({
          channelId: channel.id,
          valveId: w.valve_id,
          sensorType: w.sensor_type,
          hour: Math.floor(at / HOUR) * HOUR,
        });
    }
    const otherValue = new Map(other.map((r) => [`${r.channelId}:${r.timestamp.getTime()}`, r.value]));
    const valveOfChannel = new Map([...channels.values()].map((c) => [c.id, c.valveId]));
    for (const w of otherWritten) {
      const at = new Date(w.at).getTime();
      if (w.inserted) added.push({ channelId: w.key, t: at, v: otherValue.get(`${w.key}:${at}`) as number });
      else
        touched.push({
          channelId: w.key,
          valveId: valveOfChannel.get(w.key) as number,
          sensorType: null,
          hour: Math.floor(at / HOUR) * HOUR,
        });
    }
    await mergeIntoRollups(tx, added);
    await rebuildRollups(tx, touched);
    return { inserted: added.length, updated: specWritten.length + otherWritten.length - added.length };
  });
}

/** Spec sensor readings already resolved to valves (value in the sensor's stored unit); returns how many were new. */
export async function storeReadings(
  db: Database,
  organizationId: number,
  rows: { valveId: number; sensorType: string; timestamp: Date; value: number; quality: string }[],
): Promise<number> {
  const incoming = rows.map((r, index) => ({
    index,
    valveId: r.valveId,
    tag: '',
    name: r.sensorType,
    unit: SPEC_SENSOR_CHANNELS[r.sensorType as SensorType].unit,
    timestamp: r.timestamp,
    value: r.value,
    quality: r.quality,
  }));
  return (await storeIncoming(db, organizationId, incoming)).inserted;
}

/** A batch's reading as it goes in: its channel's name and unit (a spec sensor type is the channel of that name). */
export function incomingOf(r: SensorReadingInput, index: number, valveId: number): Incoming {
  const name = r.channel ?? (r.sensorType as SensorType);
  const unit = r.channel ? (r.unit as string) : SPEC_SENSOR_CHANNELS[name as SensorType].unit;
  return {
    index,
    valveId,
    tag: r.valveId,
    name,
    unit,
    timestamp: new Date(r.timestamp),
    value: r.value,
    quality: r.quality,
  };
}

export async function ingestBatch(
  db: Database,
  scope: Scope,
  readings: SensorReadingInput[],
): Promise<SensorReadingBatchResult> {
  const ids = await resolveValveTags(
    db,
    scope,
    readings.map((r) => r.valveId),
  );
  const { inserted, updated } = await storeIncoming(
    db,
    scope.organizationId,
    readings.map((r, i) => incomingOf(r, i, ids.get(r.valveId) as number)),
  );
  if (inserted + updated > 0)
    announceReadings({ organizationId: scope.organizationId, valveIds: [...new Set(ids.values())] });
  return { received: readings.length, inserted, updated, duplicates: readings.length - inserted - updated };
}
