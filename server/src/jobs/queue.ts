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
  /** How often each worker asks for work; a due job waits at most this long. */
  pollingSeconds?: number;
  /** How often expired runs are found and retried, and old jobs archived. */
  maintenanceSeconds?: number;
};

export type JobQueue = {
  /** Queues one run of a job now (or after `startAfterSeconds`); resolves to its id, null when one is already queued. */
  send: (name: string, data?: Record<string, unknown>, startAfterSeconds?: number) => Promise<string | null>;
  stop: () => Promise<void>;
  boss: PgBoss;
};

const DEFAULTS = { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 15 * 60 };

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
    ...(options.maintenanceSeconds && { maintenanceIntervalSeconds: options.maintenanceSeconds }),
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
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
      { pollingIntervalSeconds: options.pollingSeconds ?? 10, batchSize: 1 },
      async ([run]) => {
        const started = performance.now();
        try {
          const result = await job.run(db, run.data ?? {});
          log.info({ job: job.name, ms: Math.round(performance.now() - started), result }, 'job done');
        } catch (error) {
          log.error({ err: error, job: job.name }, 'job failed; it will be retried');
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
