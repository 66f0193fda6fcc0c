import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * Migration 0029 (plants are data, issue 30) on a database written before it: every plant a record names becomes a
 * row, the demo's plants keep their zones, and nothing is lost. PGlite runs the same SQL as PostgreSQL.
 */

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const client = new PGlite();
const db = drizzle(client);
let before = '';
afterAll(async () => {
  await client.close();
  if (before) await rm(before, { recursive: true, force: true });
});

/** The migrations folder as it was before 0029. */
async function folderBefore0029(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'valveops-migrations-'));
  await cp(migrations, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8'));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < 29);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

describe('migration 0029 on data written before it', () => {
  it('makes a plant of every name a record holds, keeps the zones, and then holds renames', async () => {
    before = await folderBefore0029();
    await migrate(db, { migrationsFolder: before });
    await db.execute(sql`insert into organizations (id, name, slug) values (1, 'Old Works', 'old-works')`);
    await db.execute(sql`insert into plants (organization_id, name) values (1, 'Power Plant A'), (1, 'Gas Plant B')`);
    for (const [tag, plant] of [
      ['V-001-BV', 'Power Plant A'],
      ['V-002-GV', 'Old Mill'],
    ]) {
      await db.execute(sql`insert into valves (organization_id, valve_id, type, size, pressure, plant, location,
        system, manufacturer, model) values (1, ${tag}, 'Ball Valve', '2"', 'Class 150', ${plant}, 'Bay 1',
        'Water', 'Velan', 'B1')`);
    }
    await db.execute(sql`insert into emergencies (organization_id, plant, reason) values (1, 'East Yard', 'Leak')`);

    await migrate(db, { migrationsFolder: migrations });

    expect(
      await rows(sql`select name, time_zone as "timeZone" from plants where organization_id = 1 order by name`),
    ).toEqual([
      { name: 'East Yard', timeZone: 'UTC' },
      { name: 'Gas Plant B', timeZone: 'America/Chicago' },
      { name: 'Old Mill', timeZone: 'UTC' },
      { name: 'Power Plant A', timeZone: 'America/Chicago' },
    ]);
    expect(await rows(sql`select valve_id as "valveId", plant from valves order by valve_id`)).toEqual([
      { valveId: 'V-001-BV', plant: 'Power Plant A' },
      { valveId: 'V-002-GV', plant: 'Old Mill' },
    ]);
    await db.execute(sql`update plants set name = 'Old Mill North' where name = 'Old Mill'`);
    expect(await rows(sql`select plant from valves where valve_id = 'V-002-GV'`)).toEqual([
      { plant: 'Old Mill North' },
    ]);
    await expect(db.execute(sql`update valves set plant = 'Nowhere' where valve_id = 'V-001-BV'`)).rejects.toThrow();
    await expect(
      db.execute(sql`insert into valves (organization_id, valve_id, type, size, pressure, plant, location, system,
        manufacturer, model) values (1, 'v-001-bv', 'Ball Valve', '2"', 'Class 150', 'Power Plant A', 'Bay 1',
        'Water', 'Velan', 'B1')`),
    ).rejects.toThrow();
  });
});
