/**
 * A valve's reference period: the span an engineer marked healthy, or the engine's default (the first days of the
 * readings). Setting one recomputes the valve, so the screen shows at once what the models learned from it.
 */
import type { ReferencePeriod, ReferencePeriodInput } from '@common/schemas/analytics';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { referencePeriods, sensorReadings, users } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { channelValves, planFor } from './channel-reads';
import { SENSOR_WINDOW_DAYS } from './engine/assess';
import { defaultReferencePeriod } from './engine/condition/period';

const DAY = 86_400_000;
/** Clocks of the engineer's phone and the server differ a little; more than this ahead is the future. */
const CLOCK_SKEW_MS = 60_000;

export async function readReferencePeriod(db: Database, valveId: number, now = new Date()): Promise<ReferencePeriod> {
  const [marked] = await db
    .select({ from: referencePeriods.from, to: referencePeriods.to, setAt: referencePeriods.setAt, by: users.name })
    .from(referencePeriods)
    .leftJoin(users, eq(users.id, referencePeriods.setBy))
    .where(eq(referencePeriods.valveId, valveId));
  if (marked) {
    return {
      from: marked.from.toISOString(),
      to: marked.to.toISOString(),
      source: 'engineer',
      setBy: marked.by,
      setAt: marked.setAt.toISOString(),
    };
  }
  const channels = (await channelValves(db, [valveId])).get(valveId);
  let span: { from: number; to: number } | null = null;
  if (channels) span = planFor(channels, now.getTime(), null).reference;
  else {
    const [first] = await rowsOf<{ t: string | null }>(
      db,
      sql`select (extract(epoch from min("timestamp")) * 1000)::bigint::text as t from ${sensorReadings}
          where valve_id = ${valveId} and "timestamp" > ${new Date(now.getTime() - SENSOR_WINDOW_DAYS * DAY)}`,
    );
    if (first?.t) span = defaultReferencePeriod(Number(first.t), null, now.getTime());
  }
  return {
    from: span ? new Date(span.from + 1).toISOString() : null,
    to: span ? new Date(span.to).toISOString() : null,
    source: 'default',
    setBy: null,
    setAt: null,
  };
}

export async function markReferencePeriod(
  db: Database,
  target: { organizationId: number; valveId: number; userId: number },
  input: ReferencePeriodInput,
  now = new Date(),
): Promise<void> {
  const from = new Date(input.from);
  const to = new Date(input.to);
  if (to.getTime() > now.getTime() + CLOCK_SKEW_MS)
    throw new HttpError(400, 'The reference period cannot end in the future', {
      issues: [{ path: 'to', message: 'must not be in the future' }],
    });
  await db
    .insert(referencePeriods)
    .values({
      organizationId: target.organizationId,
      valveId: target.valveId,
      setBy: target.userId,
      from,
      to,
      setAt: now,
    })
    .onConflictDoUpdate({ target: referencePeriods.valveId, set: { from, to, setBy: target.userId, setAt: now } });
}
