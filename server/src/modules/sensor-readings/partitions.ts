/**
 * sensor_readings and channel_readings are partitioned by UTC month (migrations 0046 and 0050, decisions/115); the
 * database's own functions make and drop the partitions, as the tables' owner, so a server whose role owns nothing
 * (db/roles.ts) can run them.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Job } from '../../jobs';

/** Partitions are made for this month and the next two, so a month never starts in the DEFAULT partition. */
const PARTITION_MONTHS_AHEAD = 2;

/** The tables of raw readings: the spec sensors' and the named channels'. */
const READINGS_TABLES = ['sensor_readings', 'channel_readings'] as const;

/** What `call` answers for each readings table, added up (one table after the other, so locks are taken in order). */
async function forEachReadingsTable(
  db: Database,
  call: (table: (typeof READINGS_TABLES)[number]) => ReturnType<typeof sql>,
): Promise<number> {
  let total = 0;
  for (const table of READINGS_TABLES) {
    const [answer] = await rowsOf<{ n: number | string }>(db, call(table));
    total += Number(answer.n);
  }
  return total;
}

/**
 * The partitions of the month of `at` and the months ahead, and of every month whose readings the DEFAULT partition
 * took (moved into their own); idempotent, and two servers at once take turns. Returns how many it made.
 */
export function makeReadingPartitions(db: Database, at = new Date()): Promise<number> {
  return forEachReadingsTable(
    db,
    (table) => sql`select readings_make_partitions(${table}, ${PARTITION_MONTHS_AHEAD}, ${at}) as n`,
  );
}

/**
 * Drops each month wholly before `cutoff` whose readings are all in the hourly rollups of step `hourMs`; returns the
 * readings dropped. A month with readings not rolled up (the demo's, written straight to the table) is left to the
 * purge's row DELETE.
 */
export function dropRolledUpPartitions(db: Database, cutoff: Date, hourMs: number): Promise<number> {
  return forEachReadingsTable(db, (table) => sql`select readings_drop_rolled_up(${table}, ${cutoff}, ${hourMs}) as n`);
}

/** Daily at 00:10 UTC and at start: the coming months' partitions exist before their first reading. */
export const readingsPartitionsJob: Job = {
  name: 'readings-partitions',
  cron: '10 0 * * *',
  runAtStart: true,
  run: (db) => makeReadingPartitions(db),
};
