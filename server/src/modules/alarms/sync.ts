/**
 * Keeps the alarms in step with the engine's episodes and with the valves' service (issue 35): after each
 * recompute for the valves it assessed (app.ts hands `syncAlarms` to analytics), and every minute for shelving that
 * ran out and suppression that began or ended (job.ts). Each change is a row update, so the audit trigger on the
 * alarms table records it; a change by the system carries no person.
 */
import type { ValveCriticality } from '@common/constants';
import type { AlarmSuppressionReason } from '@common/schemas/alarms';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { type Database, inTransaction } from '../../db/client';
import { alarms, anomalyEpisodes, valves, workOrders } from '../../db/schema';
import { priorityOf, type Severity, suppressionOf } from './life-cycle';
import { ALARM_LOOKBACK_MS, type AlarmActivity, type EpisodeFacts, matchEpisodes } from './matching';

/** One organization's alarms at a time, whichever server runs the sync (two would raise the same alarm twice). */
const SYNC_LOCK = 35_001;
function lockedFor<T>(db: Database, organizationId: number, work: (tx: Database) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK}, ${organizationId})`);
    return work(tx);
  });
}

/** Matches the valves' episodes to their alarms, then their suppression; `valveIds` null: every valve. */
export async function syncAlarms(
  db: Database,
  organizationId: number,
  valveIds: readonly number[] | null,
  now = new Date(),
): Promise<void> {
  await lockedFor(db, organizationId, async (tx) => {
    const valveRows = await tx
      .select({ id: valves.id, criticality: valves.criticality })
      .from(valves)
      .where(and(eq(valves.organizationId, organizationId), valveIds ? inArray(valves.id, [...valveIds]) : undefined));
    if (!valveRows.length) return;
    const ids = valveRows.map((v) => v.id);
    const criticality = new Map(valveRows.map((v) => [v.id, v.criticality]));
    const since = new Date(now.getTime() - ALARM_LOOKBACK_MS);
    const [episodes, latest] = await Promise.all([
      tx
        .select({
          valveId: anomalyEpisodes.valveId,
          start: anomalyEpisodes.start,
          end: anomalyEpisodes.end,
          severity: anomalyEpisodes.severity,
          channels: anomalyEpisodes.channels,
          description: anomalyEpisodes.description,
          fault: anomalyEpisodes.fault,
        })
        .from(anomalyEpisodes)
        .where(
          and(
            inArray(anomalyEpisodes.valveId, ids),
            or(isNull(anomalyEpisodes.end), gt(anomalyEpisodes.end, since)),
            lte(anomalyEpisodes.start, now),
          ),
        )
        .orderBy(asc(anomalyEpisodes.valveId), asc(anomalyEpisodes.start), asc(anomalyEpisodes.id)),
      latestAlarms(tx, ids),
    ]);
    const byValve = new Map<number, EpisodeFacts[]>();
    for (const { valveId, ...e } of episodes) {
      byValve.set(valveId, [...(byValve.get(valveId) ?? []), { ...e, severity: e.severity as Severity }]);
    }
    for (const valveId of ids) {
      const changes = matchEpisodes(byValve.get(valveId) ?? [], latest.get(valveId) ?? null, now);
      const level = criticality.get(valveId) as ValveCriticality;
      for (const a of changes.updates) {
        const { id, raisedAt: _, ...set } = a;
        await tx
          .update(alarms)
          .set({ ...set, priority: priorityOf(a.severity, level), updatedAt: now })
          .where(eq(alarms.id, id));
      }
      if (changes.inserts.length) {
        await tx
          .insert(alarms)
          .values(
            changes.inserts.map((a) => ({ ...a, organizationId, valveId, priority: priorityOf(a.severity, level) })),
          );
      }
    }
    await suppress(tx, organizationId, ids, now);
  });
}

/** Each valve's latest alarm: the only one a new episode can be part of. */
async function latestAlarms(db: Database, valveIds: number[]): Promise<Map<number, AlarmActivity>> {
  const rows = await db
    .selectDistinctOn([alarms.valveId], {
      valveId: alarms.valveId,
      id: alarms.id,
      raisedAt: alarms.raisedAt,
      lastRaisedAt: alarms.lastRaisedAt,
      clearedAt: alarms.clearedAt,
      activations: alarms.activations,
      occurrences: alarms.occurrences,
      chattering: alarms.chattering,
      severity: alarms.severity,
      channels: alarms.channels,
      description: alarms.description,
      fault: alarms.fault,
    })
    .from(alarms)
    .where(inArray(alarms.valveId, valveIds))
    .orderBy(asc(alarms.valveId), sql`${alarms.lastRaisedAt} desc`, sql`${alarms.id} desc`);
  return new Map(rows.map(({ valveId, ...a }) => [valveId, a]));
}

/**
 * Sets or lifts suppression by design on the valves' alarms that are not back to normal: out of service, or a work
 * order in progress (life-cycle.ts suppressionOf). `suppressedAt` stays after it lifts, for the week's figures.
 */
async function suppress(db: Database, organizationId: number, valveIds: number[] | null, now: Date): Promise<void> {
  const inScope = and(
    eq(alarms.organizationId, organizationId),
    valveIds ? inArray(alarms.valveId, valveIds) : undefined,
    or(isNull(alarms.clearedAt), isNull(alarms.acknowledgedAt)),
  );
  const rows = await db
    .select({
      id: alarms.id,
      suppressedReason: alarms.suppressedReason,
      valveStatus: valves.status,
      inProgress: sql<boolean>`exists (select 1 from ${workOrders} w
        where w.valve_id = ${alarms.valveId} and w.status = 'in_progress')`,
    })
    .from(alarms)
    .innerJoin(valves, eq(valves.id, alarms.valveId))
    .where(inScope);
  const becomes = new Map<AlarmSuppressionReason | null, number[]>();
  for (const row of rows) {
    const reason = suppressionOf(row.valveStatus, row.inProgress);
    if (reason !== row.suppressedReason) becomes.set(reason, [...(becomes.get(reason) ?? []), row.id]);
  }
  for (const [reason, ids] of becomes) {
    await db
      .update(alarms)
      .set(
        reason
          ? { suppressedReason: reason, suppressedAt: now, updatedAt: now }
          : { suppressedReason: null, updatedAt: now },
      )
      .where(inArray(alarms.id, ids));
  }
}

/**
 * Every minute: shelving whose time ran out is lifted (the alarm comes back by itself, and the trail says when),
 * and suppression follows the valves' service in every organization.
 */
export async function sweepAlarms(db: Database, now = new Date()): Promise<{ unshelved: number }> {
  const unshelved = await db
    .update(alarms)
    .set({ shelvedUntil: null, shelveReason: null, updatedAt: now })
    .where(and(isNotNull(alarms.shelvedUntil), lte(alarms.shelvedUntil, now)))
    .returning({ id: alarms.id });
  const organizations = await db
    .selectDistinct({ id: alarms.organizationId })
    .from(alarms)
    .where(or(isNull(alarms.clearedAt), isNull(alarms.acknowledgedAt)));
  for (const { id } of organizations) {
    await lockedFor(db, id, (tx) => suppress(tx, id, null, now));
  }
  return { unshelved: unshelved.length };
}
