import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PLANTS } from '@common/constants';
import { areaOfLocation } from '@common/plant-places';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { makeValve } from '../demo/plant';
import { SeededRandom } from '../lib/seeded-random';

/*
 * Migrations 0029 (plants are data) and 0030 (the plant tree) of issue 30, each on a database written before it:
 * every plant a record names becomes a row, the demo's plants keep their zones, every free-text location and system
 * becomes a node of the tree, and nothing is lost. PGlite runs the same SQL as PostgreSQL.
 */

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const client = new PGlite();
const db = drizzle(client);
const folders: string[] = [];
afterAll(async () => {
  await client.close();
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

const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

describe('migration 0029 on data written before it', () => {
  it('makes a plant of every name a record holds, keeps the zones, and then holds renames', async () => {
    await migrate(db, { migrationsFolder: await folderBefore(29) });
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

    await migrate(db, { migrationsFolder: await folderBefore(30) });

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

describe('migration 0030 on a copy of the demo data', () => {
  it('makes the tree of the free-text locations and systems, losing no text', async () => {
    await db.execute(sql`insert into organizations (id, name, slug) values (2, 'Northfield', 'northfield')`);
    for (const name of DEMO_PLANTS)
      await db.execute(sql`insert into plants (organization_id, name) values (2, ${name})`);
    const random = new SeededRandom(7);
    const now = Date.parse('2026-11-01T00:00:00Z');
    const copies = Array.from({ length: 120 }, (_, i) => makeValve(random, i, now).row);
    const odd = [
      { valveId: 'X-1', location: 'Pump House', system: 'Cooling Water' },
      { valveId: 'X-2', location: 'pump house, bay 2', system: 'cooling water' },
      { valveId: 'X-3', location: 'PUMP HOUSE , bay 3', system: 'Cooling Water' },
      { valveId: 'X-4', location: ', under the stairs', system: 'Fire Water' },
    ].map((v) => ({ ...copies[0], ...v, plant: 'Gas Plant B' }));
    for (const v of [...copies, ...odd]) {
      await db.execute(sql`insert into valves (organization_id, valve_id, type, size, pressure, plant, location,
        system, manufacturer, model, status) values (2, ${v.valveId}, ${v.type}, ${v.size}, ${v.pressure},
        ${v.plant}, ${v.location}, ${v.system}, ${v.manufacturer}, ${v.model}, ${v.status})`);
    }
    const textsBefore = await rows<{ valveId: string; location: string; system: string }>(
      sql`select valve_id as "valveId", location, system from valves where organization_id = 2 order by valve_id`,
    );

    await migrate(db, { migrationsFolder: migrations });

    const after = await rows<{ valveId: string; plant: string; area: string; location: string; system: string }>(
      sql`select valve_id as "valveId", plant, area, location, system from valves where organization_id = 2
        order by valve_id`,
    );
    expect(after.map((v) => [v.valveId, v.location])).toEqual(textsBefore.map((v) => [v.valveId, v.location]));
    for (const v of after.filter((row) => !row.valveId.startsWith('X-'))) {
      expect(v.area).toBe(areaOfLocation(v.location));
      expect(v.system).toBe(textsBefore.find((b) => b.valveId === v.valveId)?.system);
    }
    // Case variants are one node, spelled as most valves spell it; a location starting with a comma is General.
    expect(after.filter((v) => v.valveId.startsWith('X-')).map((v) => [v.area, v.system])).toEqual([
      ['Pump House', 'Cooling Water'],
      ['Pump House', 'Cooling Water'],
      ['Pump House', 'Cooling Water'],
      ['General', 'Fire Water'],
    ]);
    const areas = await rows<{ plant: string; name: string }>(
      sql`select plant, name from plant_areas where organization_id = 2 order by plant, name`,
    );
    const expected = [...new Set(after.map((v) => `${v.plant}|${v.area}`))].sort();
    expect(areas.map((a) => `${a.plant}|${a.name}`).sort()).toEqual(expected);
    const systems = await rows<{ n: number }>(
      sql`select count(*)::int as n from plant_systems where organization_id = 2`,
    );
    expect(systems[0].n).toBe(new Set(after.map((v) => `${v.plant}|${v.area}|${v.system}`)).size);
    const found = await rows<{ valveId: string }>(
      sql`select valve_id as "valveId" from valves where search_text like '%general%' and organization_id = 2`,
    );
    expect(found.map((v) => v.valveId)).toContain('X-4');
    // The backfill is the structure's, not a person's edit: it leaves no audit entries on the valves.
    const audited = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where table_name = 'valves' and action = 'UPDATE'`,
    );
    expect(audited[0].n).toBe(0);
  });
});
