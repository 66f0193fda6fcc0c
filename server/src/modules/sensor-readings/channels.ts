/**
 * A valve's channels, created on first sight: the quantity comes from the first reading's unit (and the name where
 * the unit measures several), and stays. A later reading in another unit of the same quantity is converted to the
 * canonical unit; one of another quantity is refused with a 400 naming the reading.
 */
import { SENSOR_TYPES, type SensorType } from '@common/constants';
import {
  impossibleReading,
  isUnitOf,
  normaliseUnit,
  QUANTITIES,
  type Quantity,
  quantityOfChannel,
  SPEC_SENSOR_CHANNELS,
  toCanonical,
  unitLabel,
} from '@common/quantities';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { valveChannels } from '../../db/schema';
import { HttpError } from '../../plugins/errors';

export type Channel = { id: number; valveId: number; name: string; quantity: Quantity; unit: string };

/** One reading on its way in: which valve and channel, in which unit. `index` is its place in the batch. */
export type Incoming = {
  index: number;
  valveId: number;
  tag: string;
  name: string;
  unit: string;
  timestamp: Date;
  value: number;
  quality?: string;
};

export const isSpecSensor = (name: string): name is SensorType => (SENSOR_TYPES as readonly string[]).includes(name);

const key = (valveId: number, name: string) => `${valveId}\u0000${name}`;

/** The channels of these valves, by valve and name. */
async function channelsOf(db: Database, valveIds: number[]): Promise<Map<string, Channel>> {
  const rows = await rowsOf<Channel & { valve_id: number }>(
    db,
    sql`select id, valve_id, name, quantity, unit from ${valveChannels}
        where valve_id = any(${`{${[...new Set(valveIds)].join(',')}}`}::int[])`,
  );
  return new Map(rows.map((r) => [key(r.valve_id, r.name), { ...r, valveId: r.valve_id }]));
}

type Problem = { path: string; message: string; index: number };

/** How a 400 names a reading: `readings.3` of a batch, `rows.5` of a file (its spreadsheet row, the headings 1). */
export type ReadingPlace = { path: (index: number) => string; label: (index: number) => string };
export const BATCH_PLACE: ReadingPlace = { path: (i) => `readings.${i}`, label: (i) => `Reading ${i}` };

/**
 * A value no sensor can read (below absolute zero, a vibration level below zero) is refused like a reading in a
 * wrong unit: the batch contract is all or nothing, a 400 naming each bad reading (issue 27, item 7: it was a 500).
 */
function refuseImpossible(problems: Problem[], place: ReadingPlace, quantity: Quantity, r: Incoming): boolean {
  const why = impossibleReading(quantity, r.value, r.unit);
  if (why) problems.push({ path: `${place.path(r.index)}.value`, message: why, index: r.index });
  return why !== null;
}

/**
 * The channel of every incoming reading, creating those not seen before. Throws 400 (nothing written) when a
 * unit is unknown or measures another quantity than its channel does, or a value is physically impossible.
 */
export async function resolveChannels(
  db: Database,
  organizationId: number,
  incoming: readonly Incoming[],
  place: ReadingPlace = BATCH_PLACE,
): Promise<Map<string, Channel>> {
  const known = await channelsOf(
    db,
    incoming.map((r) => r.valveId),
  );
  const fresh = new Map<string, Omit<Channel, 'id'>>();
  const problems: Problem[] = [];
  for (const r of incoming) {
    const k = key(r.valveId, r.name);
    const channel = known.get(k) ?? fresh.get(k);
    if (channel) {
      if (!isUnitOf(channel.quantity, r.unit))
        problems.push({
          path: `${place.path(r.index)}.unit`,
          message: `${r.unit} is not a unit of ${QUANTITIES[channel.quantity].label.toLowerCase()}, which channel ${r.name} of ${r.tag} measures (in ${unitLabel(channel.unit)})`,
          index: r.index,
        });
      else refuseImpossible(problems, place, channel.quantity, r);
      continue;
    }
    const quantity = quantityOfChannel(r.name, r.unit);
    if (!quantity || !isUnitOf(quantity, r.unit)) {
      problems.push({
        path: `${place.path(r.index)}.unit`,
        message: quantity
          ? `${r.unit} is not a unit of ${QUANTITIES[quantity].label.toLowerCase()}, which channel ${r.name} measures`
          : `${r.unit} is not a unit we know`,
        index: r.index,
      });
      continue;
    }
    if (refuseImpossible(problems, place, quantity, r)) continue;
    const unit = isSpecSensor(r.name) ? SPEC_SENSOR_CHANNELS[r.name].unit : (normaliseUnit(r.unit) as string);
    fresh.set(k, { valveId: r.valveId, name: r.name, quantity, unit });
  }
  if (problems.length) {
    throw new HttpError(400, `${place.label(problems[0].index)}: ${problems[0].message}`, {
      issues: problems.slice(0, 100).map(({ path, message }) => ({ path, message })),
    });
  }
  if (fresh.size) {
    // In key order, like the readings: two batches creating the same channels wait rather than deadlock.
    const list = [...fresh.values()].sort((a, b) => a.valveId - b.valveId || a.name.localeCompare(b.name));
    // Another batch may create the same channel meanwhile: the unique (valve, name) index keeps one, read back below.
    await db
      .insert(valveChannels)
      .values(list.map((c) => ({ organizationId, ...c })))
      .onConflictDoNothing();
    const again = await channelsOf(
      db,
      list.map((c) => c.valveId),
    );
    for (const [k, c] of again) known.set(k, c);
  }
  return known;
}

export const channelOf = (channels: Map<string, Channel>, r: Pick<Incoming, 'valveId' | 'name'>) =>
  channels.get(key(r.valveId, r.name)) as Channel;

/** The reading's value in its channel's canonical unit. */
export const canonicalValue = (channel: Channel, r: Pick<Incoming, 'unit' | 'value'>) =>
  toCanonical(channel.quantity, r.value, r.unit);

/** canonical = scale · stored + shift for a spec sensor's stored unit (°F, PSI and mm/s convert linearly). */
export function specToCanonical(name: SensorType): { scale: number; shift: number } {
  const { quantity, unit } = SPEC_SENSOR_CHANNELS[name];
  const shift = toCanonical(quantity, 0, unit);
  return { scale: toCanonical(quantity, 1, unit) - shift, shift };
}
