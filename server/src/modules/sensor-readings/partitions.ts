/**
 * sensor_readings is partitioned by UTC month (migration 0046, decisions/115); the database's own functions make and
 * drop the partitions, as the tables' owner, so a server whose role owns nothing (db/roles.ts) can run them.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Job } from '../../jobs';

/** Partitions are made for this month and the next two, so a month never starts in the DEFAULT partition. */
const PARTITION_MONTHS_AHEAD = 2;

/**
 * The partitions of the month of `at` and the months ahead, and of every month whose readings the DEFAULT partition
 * took (moved into their own); idempotent, and two servers at once take turns. Returns how many it made.
 */
export async function makeReadingPartitions(db: Database, at = new Date()): Promise<number> {
  const [made] = await rowsOf<{ n: number }>(
    db,
    sql`select sensor_readings_make_partitions(${PARTITION_MONTHS_AHEAD}, ${at}) as n`,
  );
  return Number(made.n);
}

/**
 * Drops each month wholly before `cutoff` whose readings are all in the hourly rollups of step `hourMs`; returns the
 * readings dropped. A month with readings not rolled up (the demo's, written straight to the table) is left to the
 * purge's row DELETE.
 */
export async function dropRolledUpPartitions(db: Database, cutoff: Date, hourMs: number): Promise<number> {
  const [dropped] = await rowsOf<{ n: number | string }>(
    db,
    sql`select sensor_readings_drop_rolled_up(${cutoff}, ${hourMs}) as n`,
  );
  return Number(dropped.n);
}

/** Daily at 00:10 UTC and at start: the coming months' partitions exist before their first reading. */
export const readingsPartitionsJob: Job = {
  name: 'readings-partitions',
  cron: '10 0 * * *',
  runAtStart: true,
  run: (db) => makeReadingPartitions(db),
};
