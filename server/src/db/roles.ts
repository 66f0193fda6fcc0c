import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { rowsOf } from './rows';

/**
 * The history tables: the server's role may read them and add to them, never change or remove a row (issue 27
 * item 4; the append-only triggers say the same, but a table's owner can switch triggers off). The parts ledger is
 * one (decisions/110): a wrong movement is corrected by another.
 */
const HISTORY_TABLES = ['audit_log', 'audit_seals', 'signatures', 'part_movements'] as const;

/**
 * The owner's functions the server's role calls: making and dropping the readings' monthly partitions (migrations
 * 0046, 0050) needs the table's owner, so they run as their owner (security definer) and do only that. Nobody else may.
 */
const OWNER_FUNCTIONS = [
  'readings_make_partitions(text, integer, timestamptz)',
  'readings_drop_rolled_up(text, timestamptz, integer)',
] as const;

/** A PostgreSQL role name as the URL gives it, refused unless plain (it is written into the statements). */
export function roleOfUrl(url: string): string {
  const role = decodeURIComponent(new URL(url).username);
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(role)) throw new Error(`DATABASE_URL's role "${role}" must be a plain name`);
  return role;
}

/**
 * Run by the tables' owner after migrating (docs/operations.md, "Two roles"): the server's role owns nothing and may
 * select, insert, update and delete the records, but only select and insert the history. Run again after every
 * migration, so new tables are granted too. In the job queue's schema the server's role makes its own tables.
 */
export async function grantToServerRole(owner: Database, role: string): Promise<void> {
  const to = sql.identifier(role);
  await owner.execute(sql`grant usage on schema public to ${to}`);
  await owner.execute(sql`grant select, insert, update, delete on all tables in schema public to ${to}`);
  await owner.execute(sql`grant usage, select, update on all sequences in schema public to ${to}`);
  for (const table of HISTORY_TABLES) {
    await owner.execute(sql`revoke update, delete, truncate on ${sql.identifier(table)} from ${to}`);
  }
  for (const signature of OWNER_FUNCTIONS) {
    await owner.execute(sql`grant execute on function ${sql.raw(signature)} to ${to}`);
  }
  // pg-boss makes and migrates its own tables in its schema (and asks to create the schema, which needs CREATE).
  await owner.execute(sql`create schema if not exists pgboss`);
  await owner.execute(sql`grant usage, create on schema pgboss to ${to}`);
  await owner.execute(sql`grant all on all tables in schema pgboss to ${to}`);
  await owner.execute(sql`grant all on all sequences in schema pgboss to ${to}`);
  const [{ name }] = await rowsOf<{ name: string }>(owner, sql`select current_database() as name`);
  await owner.execute(sql`grant create on database ${sql.identifier(name)} to ${to}`);
}
