import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { executeSqlOn } from './sql';

/** Where a job reports: the server's logger (pino), or a quiet stand-in in tests. */
export type JobLog = {
  info: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};

/**
 * Work the server does on its own, once across all its processes: a domain describes it, main.ts hands the list
 * to startJobQueue. A run that throws (or whose process dies, found once `expireInSeconds` has passed) is retried
 * with a growing delay, up to `retryLimit` times.
 */
export type Job = {
  /** The queue's name: letters, digits, hyphens. */
  name: string;
  /** When it runs (cron, UTC); none means only when sent. */
  cron?: string;
  /** Sent once when the queue starts (several processes starting together still make one run). */
  runAtStart?: boolean;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A run still going after this long is taken as dead (its process killed) and retried. */
  expireInSeconds?: number;
  run: (db: Database, data: Record<string, unknown>) => Promise<unknown>;
};

export type JobQueueOptions = {
  db: Database;
  log: JobLog;
  jobs: Job[];
  /** How often each worker asks for work; a due job waits at most this long (QUEUE_TIMING.pollingSeconds). */
  pollingSeconds?: number;
  /** How often expired runs are found and retried, and old jobs archived (QUEUE_TIMING.maintenanceSeconds). */
  maintenanceSeconds?: number;
};

const DEFAULTS = { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 15 * 60 };

/**
 * How soon the queue notices: a worker asks for work every 10 s, and expired runs (a killed process's) are failed
 * every 5 s rather than pg-boss's 2 minutes, so a dead run is retried within `expireInSeconds` + 5 s + its retry
 * delay (up to twice `retryDelaySeconds` with backoff) + 10 s (issue 27, item 8). pg-boss 10 has no heartbeat: the
 * expiry is the only sign of a dead worker.
 */
export const QUEUE_TIMING = { pollingSeconds: 10, maintenanceSeconds: 5 };

/** The longest a run of `job` whose process died waits before it runs again, by the reckoning above. */
export const deadRunRetriedWithin = (job: Pick<Job, 'expireInSeconds' | 'retryDelaySeconds'>) =>
  (job.expireInSeconds ?? DEFAULTS.expireInSeconds) +
  QUEUE_TIMING.maintenanceSeconds +
  2 * (job.retryDelaySeconds ?? DEFAULTS.retryDelaySeconds) +
  QUEUE_TIMING.pollingSeconds;

export type JobQueue = {
  /** Queues one run of a job now (or after `startAfterSeconds`); resolves to its id, null when one is already queued. */
  send: (name: string, data?: Record<string, unknown>, startAfterSeconds?: number) => Promise<string | null>;
  stop: () => Promise<void>;
  boss: PgBoss;
};

/**
 * What the log says of a job's error: its message and code, never the statement's parameters (issue 27, item 13:
 * a failing job logged its SQL with them, which hold the plant's data). A failed query (drizzle's error carries the
 * SQL and parameters in its message) is told by the database's own message and code, its cause.
 */
export function errorSummary(error: unknown): { message: string; code?: string } {
  const failed = error as { query?: unknown; params?: unknown; cause?: unknown };
  const own = failed && typeof failed === 'object' && 'params' in failed ? failed.cause : error;
  const { message, code } = (own ?? {}) as { message?: unknown; code?: unknown };
  return {
    message: typeof message === 'string' ? message : own === error ? String(error) : 'a statement failed',
    ...(typeof code === 'string' && { code }),
  };
}

/**
 * Starts pg-boss on the server's database (its tables in schema `pgboss`, made on first start), makes a queue per
 * job, schedules the timed ones and works them all. Queues are 'stately': at most one run waiting and one running
 * per job, so N processes sending the start-up run or the cron tick make one run, never N.
 */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { db, log, jobs } = options;
  const boss = new PgBoss({
    db: { executeSql: executeSqlOn(db) },
    schema: 'pgboss',
    maintenanceIntervalSeconds: options.maintenanceSeconds ?? QUEUE_TIMING.maintenanceSeconds,
  });
  boss.on('error', (error) => log.error({ error: errorSummary(error) }, 'job queue error'));
  await boss.start();
  for (const job of jobs) {
    const settings = { ...DEFAULTS, ...job };
    await ensureQueue(boss, {
      name: job.name,
      policy: 'stately',
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: settings.expireInSeconds,
    });
    if (job.cron) await boss.schedule(job.name, job.cron);
    else await boss.unschedule(job.name);
    await boss.work<Record<string, unknown>>(
      job.name,
      { pollingIntervalSeconds: options.pollingSeconds ?? QUEUE_TIMING.pollingSeconds, batchSize: 1 },
      async ([run]) => {
        const started = performance.now();
        try {
          const result = await job.run(db, run.data ?? {});
          log.info({ job: job.name, ms: Math.round(performance.now() - started), result }, 'job done');
        } catch (error) {
          log.error({ error: errorSummary(error), job: job.name }, 'job failed; it will be retried');
          throw error;
        }
      },
    );
  }
  for (const job of jobs) if (job.runAtStart) await boss.send(job.name, {});
  return {
    send: (name, data = {}, startAfterSeconds) =>
      boss.send(name, data, startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
    // The server's connection is not pg-boss's to close; a run in progress gets 10 s, then is left to expire.
    stop: () => boss.stop({ graceful: true, close: false, timeout: 10_000, wait: true }),
    boss,
  };
}

/**
 * Makes the queue, or brings an existing one's settings up to date. Servers starting together can deadlock in
 * pg-boss's createQueue (it adds a partition): the loser waits a moment and finds the queue the winner made.
 */
async function ensureQueue(boss: PgBoss, queue: PgBoss.Queue & { name: string }) {
  for (let attempt = 1; ; attempt++) {
    try {
      if (await boss.getQueue(queue.name)) return await boss.updateQueue(queue.name, queue);
      return await boss.createQueue(queue.name, queue);
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200 * attempt));
    }
  }
}
