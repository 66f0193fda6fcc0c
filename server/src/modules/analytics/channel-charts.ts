/**
 * The valve's channels for its charts, from the rollups: the last day per minute while the record is shorter than
 * a week, else the last week per hour — at most 1,440 points a channel, whatever the rate.
 */
import { fromCanonical, type Quantity } from '@common/quantities';
import type { ValveChannels } from '@common/schemas/analytics';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { channelRollups, valveChannels } from '../../db/schema';
import { ROLLUPS } from './engine/condition/rollup';

const DAY = 86_400_000;

export async function channelCharts(db: Database, valveId: number): Promise<ValveChannels> {
  const channels = await db
    .select({
      id: valveChannels.id,
      name: valveChannels.name,
      quantity: valveChannels.quantity,
      unit: valveChannels.unit,
    })
    .from(valveChannels)
    .where(eq(valveChannels.valveId, valveId))
    .orderBy(asc(valveChannels.id));
  if (!channels.length) return { stepMs: ROLLUPS.hour, channels: [] };
  const ids = `{${channels.map((c) => c.id).join(',')}}`;
  const [span] = await rowsOf<{ first: Date | string | null; last: Date | string | null }>(
    db,
    sql`select min(t) as first, max(t) as last from ${channelRollups}
        where channel_id = any(${ids}::int[]) and step_ms = ${ROLLUPS.hour}`,
  );
  if (!span?.last) return { stepMs: ROLLUPS.hour, channels: channels.map((c) => ({ ...c, points: [] })) };
  const last = new Date(span.last).getTime() + ROLLUPS.hour;
  const short = last - new Date(span.first as Date).getTime() < 7 * DAY;
  const stepMs = short ? ROLLUPS.minute : ROLLUPS.hour;
  const from = new Date(last - (short ? DAY : 7 * DAY));
  const rows = await db
    .select({
      channelId: channelRollups.channelId,
      t: channelRollups.t,
      mean: sql<number>`${channelRollups.sum} / ${channelRollups.count}`.mapWith(Number),
      min: channelRollups.min,
      max: channelRollups.max,
    })
    .from(channelRollups)
    .where(
      sql`${channelRollups.channelId} = any(${ids}::int[]) and ${channelRollups.stepMs} = ${stepMs} and ${channelRollups.t} >= ${from}`,
    )
    .orderBy(asc(channelRollups.t));
  return {
    stepMs,
    channels: channels.map((c) => {
      const show = (v: number) => Math.round(fromCanonical(c.quantity as Quantity, v, c.unit) * 1000) / 1000;
      return {
        name: c.name,
        quantity: c.quantity,
        unit: c.unit,
        points: rows
          .filter((r) => r.channelId === c.id)
          .map((r) => ({ t: r.t.toISOString(), mean: show(r.mean), min: show(r.min), max: show(r.max) })),
      };
    }),
  };
}
