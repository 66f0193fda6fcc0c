/**
 * The job-worker kill run (issue 27, item 8), PostgreSQL: the process running plan generation is killed with
 * SIGKILL while its run is active, and another server starts on the same database. Before the fix the dead run
 * stayed "active" for its 30-minute expiry and generation stalled, though nothing was duplicated. Here:
 * 1. a server loads the demo, a supervisor adds a daily plan with a 60-day lead on every plant (thousands of work
 *    orders in one run, so the run lasts long enough to be caught), and the server stops;
 * 2. a server starts; its start-up run of generation is watched for in pg-boss's table and the server is killed
 *    the moment the run is active;
 * 3. a third server starts, and the time until a run of generation completes after the kill is measured; then the
 *    plan's occurrences and work orders are counted: every occurrence raised once, none twice.
 * Held when the run resumes within a minute with none missing and none duplicated.
 */

import pg from 'pg';
import { DEMO_PLANTS } from '../common/constants';
import { DEMO_PASSWORD } from '../server/src/demo/accounts';
import { type Storage, startAppServer, waitReady } from './servers';

export type WorkerKillTally = {
  /** Whether the server was killed with the generation run active (else the run ended first: not a fair run). */
  caughtActive: boolean;
  /** Seconds from the kill until a run of generation completed. */
  resumedAfterSeconds: number | null;
  occurrences: number;
  /** Occurrences with no work order after the run. */
  missing: number;
  /** Work orders raised twice for one occurrence (same plan, valve and due time). */
  duplicated: number;
  held: boolean;
};

const JOB = 'maintenance-plans-generate';
const TITLE = 'Chaos: daily walkdown';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function addHeavyPlans(url: string) {
  const signIn = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'supervisor@northfield.example', password: DEMO_PASSWORD }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const today = new Date().toISOString().slice(0, 10);
  for (const plant of DEMO_PLANTS) {
    const response = await fetch(`${url}/api/maintenance-plans`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `${TITLE}, ${plant}`,
        target: { plant },
        trigger: { kind: 'calendar', every: { count: 1, unit: 'day' }, startDate: today, countFrom: 'fixed' },
        leadDays: 60,
        skipIfOpen: false,
        timeZone: 'UTC',
      }),
    });
    if (response.status !== 201) throw new Error(`plan not added: ${response.status} ${await response.text()}`);
  }
}

export async function workerKillRun(storage: Storage & { databaseUrl: string }): Promise<WorkerKillTally> {
  const first = await startAppServer(storage, true);
  try {
    await waitReady(first, 180_000);
    await addHeavyPlans(first.url);
  } finally {
    await first.stop();
  }
  const watcher = new pg.Client({ connectionString: storage.databaseUrl });
  await watcher.connect();
  const runsActive = async () =>
    Number(
      (
        await watcher
          .query(`select count(*) as n from pgboss.job where name = $1 and state = 'active'`, [JOB])
          .catch(() => ({ rows: [{ n: 0 }] }))
      ).rows[0].n,
    );
  try {
    const dying = await startAppServer(storage, true);
    let caughtActive = false;
    const giveUp = Date.now() + 180_000;
    while (Date.now() < giveUp && !caughtActive) {
      caughtActive = (await runsActive()) > 0;
      if (!caughtActive) await sleep(20);
    }
    dying.process.kill('SIGKILL');
    await dying.exited;
    const killedAt = new Date();

    const next = await startAppServer(storage, true);
    let resumedAfterSeconds: number | null = null;
    try {
      await waitReady(next, 180_000);
      while (Date.now() - killedAt.getTime() < 180_000) {
        const { rows } = await watcher.query(
          `select max(completed_on) as done from pgboss.job where name = $1 and state = 'completed' and completed_on > $2`,
          [JOB, killedAt],
        );
        if (rows[0].done) {
          resumedAfterSeconds = (new Date(rows[0].done).getTime() - killedAt.getTime()) / 1000;
          break;
        }
        await sleep(250);
      }
    } finally {
      await next.stop();
    }
    const { rows } = await watcher.query(
      `select count(*) as occurrences, count(*) filter (where o.work_order_id is null) as missing
       from maintenance_plan_occurrences o join maintenance_plans p on p.id = o.plan_id where p.title like $1`,
      [`${TITLE}%`],
    );
    const { rows: twice } = await watcher.query(
      `select count(*) as n from (select valve_id, due_date from work_orders where title like $1
       group by valve_id, title, due_date having count(*) > 1) d`,
      [`${TITLE}%`],
    );
    const tally = {
      caughtActive,
      resumedAfterSeconds,
      occurrences: Number(rows[0].occurrences),
      missing: Number(rows[0].missing),
      duplicated: Number(twice[0].n),
    };
    return {
      ...tally,
      held:
        caughtActive &&
        resumedAfterSeconds !== null &&
        resumedAfterSeconds <= 60 &&
        tally.occurrences > 0 &&
        tally.missing === 0 &&
        tally.duplicated === 0,
    };
  } finally {
    await watcher.end();
  }
}

export const printWorkerKillTally = (t: WorkerKillTally) =>
  `postgres job-worker kill -9 ${t.caughtActive ? 'with the generation run active' : 'AFTER the run ended'}: ` +
  `generation resumed ${t.resumedAfterSeconds === null ? 'NEVER (3 min)' : `${t.resumedAfterSeconds.toFixed(1)} s`} ` +
  `after the kill; ${t.occurrences} occurrences, ${t.missing} without a work order, ${t.duplicated} raised twice: ` +
  `${t.held ? 'held' : 'NOT HELD'}`;
