/**
 * The background recompute: every valve at start and hourly (analyticsRecomputeJob, on the job queue), and the
 * valves that just received readings shortly after they arrive (debounced, so a stream of batches costs one run).
 */

import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { predictiveAnalytics, valves } from '../../db/schema';
import { errorSummary, type Job } from '../../jobs';
import { onReadings } from '../sensor-readings';
import { recomputeEverything, recomputeOrganization } from './recompute';

/** Full recompute: hourly, the readings' own rhythm, once across the servers (the job queue, main.ts). */
export const analyticsRecomputeJob: Job = {
  name: 'analytics-recompute',
  cron: '0 * * * *',
  expireInSeconds: 60 * 60,
  run: (db) => recomputeEverything(db),
};

export const ANALYTICS_SCHEDULE = {
  /** Recompute a batch's valves this long after it arrives, with the batches that arrive meanwhile. */
  debounceMs: 30_000,
  /**
   * On a first start with up to this many valves the first run completes before the server listens (a bench then
   * measures a server at rest, not one busy with its first recompute).
   */
  awaitFirstRunUpTo: 20_000,
};

export type AnalyticsJob = { stop: () => void; flush: () => Promise<void> };

export async function startAnalyticsJob(
  db: Database,
  log: FastifyBaseLogger,
  options: Partial<typeof ANALYTICS_SCHEDULE> = {},
): Promise<AnalyticsJob> {
  const schedule = { ...ANALYTICS_SCHEDULE, ...options };
  let running: Promise<unknown> = Promise.resolve();
  /** One run at a time: a run waits for the one before it. */
  const serial = (work: () => Promise<unknown>) => {
    running = running
      .then(work)
      .catch((error) => log.error({ error: errorSummary(error) }, 'analytics recompute failed'));
    return running;
  };
  const everything = () =>
    serial(async () => {
      const started = performance.now();
      const n = await recomputeEverything(db);
      log.info({ valves: n, ms: Math.round(performance.now() - started) }, 'analytics recomputed');
    });

  const pending = new Map<number, Set<number>>();
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    const batches = [...pending];
    pending.clear();
    return serial(async () => {
      for (const [organizationId, ids] of batches) await recomputeOrganization(db, organizationId, { only: [...ids] });
    }).then(() => {});
  };
  const unsubscribe = onReadings(({ organizationId, valveIds }) => {
    const set = pending.get(organizationId) ?? new Set<number>();
    for (const id of valveIds) set.add(id);
    pending.set(organizationId, set);
    // From the first batch not yet recomputed, not the last: a valve streaming readings more often than every
    // debounceMs would otherwise never be recomputed until the hourly run.
    if (timer) return;
    timer = setTimeout(flush, schedule.debounceMs);
    timer.unref();
  });

  const [[analysed], [total]] = await Promise.all([
    db.select({ n: count() }).from(predictiveAnalytics),
    db.select({ n: count() }).from(valves),
  ]);
  const first = everything();
  if (analysed.n === 0 && total.n <= schedule.awaitFirstRunUpTo) await first;
  return {
    stop: () => {
      if (timer) clearTimeout(timer);
      unsubscribe();
    },
    flush: async () => {
      if (timer) clearTimeout(timer);
      await flush();
    },
  };
}
