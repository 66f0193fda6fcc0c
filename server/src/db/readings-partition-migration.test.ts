import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * Migrations 0046 and 0050 (issue 36) on a database written before them: sensor_readings, then channel_readings,
 * become partitioned by month with every row, their keys, their indexes and their foreign keys as they were. On PGlite, or on PostgreSQL in a database of
 * its own when TEST_DATABASE_URL is set.
 */

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const folders: string[] = [];
type Database = {
  execute: (query: SQL) => Promise<Record<string, unknown>[]>;
  migrateTo: (folder: string) => Promise<void>;
  close: () => Promise<void>;
};
const opened: Database[] = [];

/** An empty database of the test's own. */
async function openDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const client = new PGlite();
    const db = drizzlePglite(client);
    const database: Database = {
      execute: async (query) => (await db.execute(query)).rows as Record<string, unknown>[],
      migrateTo: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
    opened.push(database);
    return database;
  }
  const name = `valveops_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString() });
  // The database is dropped with force at the end: a connection the pool is still closing is cut then (57P01), and
  // an idle client's error with no listener would fail the whole run.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool });
  const database: Database = {
    execute: async (query) => (await db.execute(query)).rows as Record<string, unknown>[],
    migrateTo: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
  opened.push(database);
  return database;
}

let execute: Database['execute'];
let migrateTo: Database['migrateTo'];
beforeAll(async () => {
  ({ execute, migrateTo } = await openDatabase());
});
afterAll(async () => {
  for (const database of opened) await database.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** The migrations folder as it was before migration `idx`. */
async function folderBefore(idx: number): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'valveops-migrations-'));
  await cp(migrations, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8'));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < idx);
  await writeFile(journalPath, JSON.stringify(journal));
  folders.push(dir);
  return dir;
}

const readings = () =>
  execute(sql`select valve_id, sensor_type, "timestamp"::text as at, value, quality from sensor_readings
    order by valve_id, sensor_type, "timestamp"`);
/** What hangs on the table besides its own constraints: triggers, rules, policies, views. */
const attached = (table = 'sensor_readings', run = execute) =>
  run(sql`select 'trigger' as kind, tgname::text as name from pg_trigger
      where tgrelid = ${table}::regclass and not tgisinternal
    union all select 'rule', rulename::text from pg_rules where tablename = ${table}
    union all select 'policy', policyname::text from pg_policies where tablename = ${table}
    union all select 'view', v.relname::text from pg_depend d join pg_rewrite w on w.oid = d.objid
      join pg_class v on v.oid = w.ev_class where d.refobjid = ${table}::regclass and v.oid <> d.refobjid`);
const shape = (table = 'sensor_readings', run = execute) =>
  run(sql`select c.relkind::text as kind,
      (select array_agg(conname::text order by conname) from pg_constraint where conrelid = c.oid) as constraints,
      (select array_agg(indexrelid::regclass::text order by 1) from pg_index where indrelid = c.oid) as indexes
    from pg_class c where c.oid = ${table}::regclass`);
const partitionsOf = async (table: string, run = execute) =>
  (
    await run(sql`select c.relname::text as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = ${table}::regclass`)
  ).map((r) => r.name);
const month = (offset: number, table = 'sensor_readings') => {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return `${table}_${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};
/** An organization with a plant and two valves, as the migrations before 0046 left them. */
async function plantWithTwoValves(run: Database['execute']) {
  await run(sql`insert into organizations (id, name, slug) values (1, 'Old Works', 'old-works')`);
  await run(sql`insert into plants (organization_id, name) values (1, 'Power Plant A')`);
  await run(sql`insert into plant_areas (organization_id, plant, name) values (1, 'Power Plant A', 'Bay 1')`);
  await run(sql`insert into plant_systems (organization_id, plant, area, name)
    values (1, 'Power Plant A', 'Bay 1', 'Water')`);
  for (const tag of ['V-001-BV', 'V-002-GV'])
    await run(sql`insert into valves (organization_id, valve_id, type, size, pressure, plant, location, area,
      system, manufacturer, model) values (1, ${tag}, 'Ball Valve', '2"', 'Class 150', 'Power Plant A', 'Bay 1',
      'Bay 1', 'Water', 'Velan', 'B1')`);
}

describe('migration 0046 on readings written before it', () => {
  it('partitions sensor_readings by month, keeping every row, the key, the index and the foreign keys', async () => {
    await migrateTo(await folderBefore(46));
    await plantWithTwoValves(execute);
    await execute(sql`insert into sensor_readings (organization_id, valve_id, sensor_type, "timestamp", value, quality)
      select 1, v, s, t, v * 10 + extract(day from t), 'good'
      from generate_series(1, 2) v, unnest(array['pressure', 'vibration']) s,
        generate_series('2024-01-30T23:00:00Z'::timestamptz, '2024-03-02T01:00:00Z', interval '6 hours') t`);
    const before = await readings();
    const shapeBefore = await shape();
    expect(await attached()).toEqual([]);

    await migrateTo(migrations);

    expect(await readings()).toEqual(before);
    expect(await attached()).toEqual([]);
    const [after] = await shape();
    expect(after).toEqual({ ...shapeBefore[0], kind: 'p' });
    const parts = await execute(sql`select tableoid::regclass::text as part, count(*)::int as n from sensor_readings
      group by 1 order by 1`);
    expect(parts).toEqual([
      // Two valves' two sensors every 6 h: 5 times in January, 29 days' 4 in February, 4 in March.
      { part: 'sensor_readings_2024_01', n: 4 * 5 },
      { part: 'sensor_readings_2024_02', n: 4 * 29 * 4 },
      { part: 'sensor_readings_2024_03', n: 4 * 4 },
    ]);
    expect(await partitionsOf('sensor_readings')).toEqual(
      expect.arrayContaining([month(0), month(1), month(2), 'sensor_readings_default']),
    );
  });

  it('refuses a second row of a valve, sensor and instant, and upserts on the key', async () => {
    const again = sql`insert into sensor_readings (organization_id, valve_id, sensor_type, "timestamp", value)
      values (1, 1, 'pressure', '2024-02-10T11:00:00Z', 99)`;
    await expect(execute(again)).rejects.toMatchObject({ cause: { code: '23505' } });
    const upserted =
      await execute(sql`insert into sensor_readings (organization_id, valve_id, sensor_type, "timestamp", value)
      values (1, 1, 'pressure', '2024-02-10T11:00:00Z', 99), (1, 1, 'pressure', '2099-05-01T00:00:00Z', 1)
      on conflict (valve_id, sensor_type, "timestamp") do update set value = excluded.value
      returning tableoid::regclass::text as part, value`);
    expect(upserted).toEqual([
      { part: 'sensor_readings_2024_02', value: 99 },
      { part: 'sensor_readings_default', value: 1 },
    ]);
  });

  it('removes a valve’s readings with it, from every month', async () => {
    await execute(sql`delete from valves where id = 2`);
    const [left] = await execute(sql`select count(*)::int as n, count(*) filter (where valve_id = 2)::int as gone
      from sensor_readings`);
    expect(left).toEqual({ n: 125 * 2 + 1, gone: 0 });
  });
});

describe('migration 0050 on named channels’ readings written before it', () => {
  let run: Database['execute'];
  const channelReadings = () =>
    run(sql`select channel_id, "timestamp"::text as at, value from channel_readings order by 1, 2`);

  it('partitions channel_readings by month, keeping every row, the key and the foreign key', async () => {
    const database = await openDatabase();
    run = database.execute;
    await database.migrateTo(await folderBefore(50));
    await plantWithTwoValves(run);
    await run(sql`insert into valve_channels (organization_id, valve_id, name, quantity, unit)
      values (1, 1, 'flow', 'flow', 'm3/h'), (1, 2, 'flow', 'flow', 'm3/h')`);
    await run(sql`insert into channel_readings (channel_id, "timestamp", value)
      select c, t, c * 10 + extract(day from t)
      from generate_series(1, 2) c,
        generate_series('2024-01-30T23:00:00Z'::timestamptz, '2024-03-02T01:00:00Z', interval '6 hours') t`);
    const before = await channelReadings();
    const shapeBefore = await shape('channel_readings', run);
    expect(await attached('channel_readings', run)).toEqual([]);

    await database.migrateTo(migrations);

    expect(await channelReadings()).toEqual(before);
    expect(await attached('channel_readings', run)).toEqual([]);
    const [after] = await shape('channel_readings', run);
    expect(after).toEqual({ ...shapeBefore[0], kind: 'p' });
    expect(
      await run(sql`select tableoid::regclass::text as part, count(*)::int as n from channel_readings
        group by 1 order by 1`),
    ).toEqual([
      { part: 'channel_readings_2024_01', n: 2 * 5 },
      { part: 'channel_readings_2024_02', n: 2 * 29 * 4 },
      { part: 'channel_readings_2024_03', n: 2 * 4 },
    ]);
    expect(await partitionsOf('channel_readings', run)).toEqual(
      expect.arrayContaining([
        month(0, 'channel_readings'),
        month(1, 'channel_readings'),
        month(2, 'channel_readings'),
        'channel_readings_default',
      ]),
    );
  });

  it('refuses a second row of a channel and instant, and removes a channel’s readings with its valve', async () => {
    await expect(
      run(sql`insert into channel_readings (channel_id, "timestamp", value) values (1, '2024-02-10T11:00:00Z', 9)`),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    await run(sql`delete from valves where id = 2`);
    const [left] = await run(sql`select count(*)::int as n, count(*) filter (where channel_id = 2)::int as gone
      from channel_readings`);
    expect(left).toEqual({ n: 125, gone: 0 });
  });
});
