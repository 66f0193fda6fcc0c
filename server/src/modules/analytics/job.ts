/**
 * The background recompute, on the job queue (decisions/050): every valve hourly, and the valves that just received
 * readings a while after they arrive (one queued run at a time, so a stream of batches costs one run). What is due
 * is kept in the database (analytics_valves_due), so any server's worker runs it and a server that dies after taking
 * readings loses nothing.
 */

import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { analyticsValvesDue, predictiveAnalytics, valves } from '../../db/schema';
import { errorSummary, type Job, type JobQueue } from '../../jobs';
import { onReadings, type ReadingsArrived } from '../sensor-readings';
import { type EpisodesStored, recomputeEverything, recomputeOrganization } from './recompute';

export const ANALYTICS_SCHEDULE = {
  /** Recompute a batch's valves this long after the first batch not yet recomputed, with those that arrive meanwhile. */
  debounceSeconds: 30,
  /**
   * On a first start with up to this many valves the first run completes before the server listens (a bench then
   * measures a server at rest, not one busy with its first recompute).
   */
  awaitFirstRunUpTo: 20_000,
};

/** Full recompute: hourly, the readings' own rhythm, once across the servers. */
export const analyticsRecomputeJob = (episodesStored?: EpisodesStored): Job => ({
  name: 'analytics-recompute',
  cron: '0 * * * *',
  expireInSeconds: 60 * 60,
  run: (db) => recomputeEverything(db, new Date(), episodesStored),
});

const READINGS_JOB = 'analytics-readings';

/** The valves that received readings since their last recompute. */
export const analyticsReadingsJob = (episodesStored?: EpisodesStored): Job => ({
  name: READINGS_JOB,
  expireInSeconds: 15 * 60,
  run: (db) => recomputeValvesDue(db, episodesStored),
});

export async function recomputeValvesDue(db: Database, episodesStored?: EpisodesStored): Promise<{ valves: number }> {
  // The arrival time as the database's own text: PostgreSQL keeps microseconds, a JavaScript Date only milliseconds,
  // and the delete below must match a row's time exactly, not a millisecond short of it.
  const due = await db
    .select({
      valveId: analyticsValvesDue.valveId,
      organizationId: analyticsValvesDue.organizationId,
      readingsAt: sql<string>`${analyticsValvesDue.readingsAt}::text`,
    })
    .from(analyticsValvesDue);
  const byOrganization = new Map<number, number[]>();
  for (const row of due)
    byOrganization.set(row.organizationId, [...(byOrganization.get(row.organizationId) ?? []), row.valveId]);
  for (const [organizationId, only] of byOrganization)
    await recomputeOrganization(db, organizationId, { only, episodesStored });
  if (due.length) {
    // Only what this run saw: readings that arrived during it leave their valve due for the next run.
    const seen = JSON.stringify(due.map((row) => ({ valve_id: row.valveId, readings_at: row.readingsAt })));
    await db.execute(sql`delete from ${analyticsValvesDue} d
      using jsonb_to_recordset(${seen}::jsonb) as s(valve_id integer, readings_at timestamptz)
      where d.valve_id = s.valve_id and d.readings_at <= s.readings_at`);
  }
  return { valves: due.length };
}

async function markValvesDue(db: Database, { organizationId, valveIds }: ReadingsArrived): Promise<void> {
  if (!valveIds.length) return;
  await db
    .insert(analyticsValvesDue)
    .values(valveIds.map((valveId) => ({ valveId, organizationId })))
    .onConflictDoUpdate({ target: analyticsValvesDue.valveId, set: { readingsAt: sql`now()` } });
}

/**
 * Marks the valves of every batch of readings this server stores and queues the readings job after the debounce.
 * The queue keeps one run waiting at most, so the run follows the first batch not yet recomputed, not the last: a
 * valve streaming readings more often than the debounce is still recomputed every `debounceSeconds`.
 */
export function watchReadings(
  db: Database,
  queue: Pick<JobQueue, 'send'>,
  log: Pick<FastifyBaseLogger, 'error'>,
  debounceSeconds = ANALYTICS_SCHEDULE.debounceSeconds,
): () => void {
  return onReadings((event) => {
    markValvesDue(db, event)
      .then(() => queue.send(READINGS_JOB, {}, debounceSeconds))
      .catch((error) => log.error({ error: errorSummary(error) }, 'readings not queued for analytics'));
  });
}

/**
 * The first start's recompute, before the server listens, when the database has valves but no analytics yet and
 * not too many. Says whether it ran; otherwise main.ts queues the full recompute once across the servers.
 */
export async function analyseFirstStart(
  db: Database,
  log: Pick<FastifyBaseLogger, 'info'>,
  episodesStored?: EpisodesStored,
): Promise<boolean> {
  const [[analysed], [total]] = await Promise.all([
    db.select({ n: count() }).from(predictiveAnalytics),
    db.select({ n: count() }).from(valves),
  ]);
  if (analysed.n > 0 || total.n > ANALYTICS_SCHEDULE.awaitFirstRunUpTo) return false;
  const started = performance.now();
  const n = await recomputeEverything(db, new Date(), episodesStored);
  log.info({ valves: n, ms: Math.round(performance.now() - started) }, 'analytics recomputed');
  return true;
}
