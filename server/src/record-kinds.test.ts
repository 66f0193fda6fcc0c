import { RECORD_KINDS, type RecordKindName } from '@common/record-kinds';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordKinds } from './app';
import type { Database } from './db/client';
import { rowsOf } from './db/rows';
import type { Scope } from './lib/scope';
import { createTestApp, type TestContext } from './testing/test-app';

/**
 * One record of each kind in a plant, found here from the tables themselves (not through the kinds under test):
 * the plant a record belongs to is its valve's, or its relief tag's.
 */
const ofPlant: Record<Exclude<RecordKindName, 'procedure' | 'maintenance_plan' | 'part'>, (plant: string) => SQL> = {
  valve: (plant) => sql`select v.id from valves v where v.plant = ${plant}`,
  work_order: (plant) =>
    sql`select w.id from work_orders w join valves v on v.id = w.valve_id where v.plant = ${plant}`,
  maintenance_record: (plant) =>
    sql`select m.id from maintenance_records m join valves v on v.id = m.valve_id where v.plant = ${plant}`,
  photo: (plant) => sql`select p.id from photos p left join work_orders w on w.id = p.work_order_id
    join valves v on v.id = coalesce(p.valve_id, w.valve_id) where v.plant = ${plant} and p.deleted_at is null`,
  document: (plant) => sql`select d.id from valve_documents d join valves v on v.id = d.valve_id
    where v.plant = ${plant} and d.deleted_at is null`,
  procedure_run: (plant) => sql`select r.id from procedure_runs r join work_orders w on w.id = r.work_order_id
    join valves v on v.id = w.valve_id where v.plant = ${plant}`,
  relief_test: (plant) =>
    sql`select t.id from relief_tests t join relief_tags g on g.id = t.tag_id where g.plant = ${plant}`,
  alarm: (plant) => sql`select a.id from alarms a join valves v on v.id = a.valve_id where v.plant = ${plant}`,
  failure_report: (plant) =>
    sql`select f.id from work_order_failures f join valves v on v.id = f.valve_id where v.plant = ${plant}`,
};

async function firstId(db: Database, query: SQL): Promise<number> {
  const rows = await rowsOf<{ id: number }>(db, sql`${query} order by 1 limit 1`);
  if (!rows.length) throw new Error(`The demo has no such record: ${JSON.stringify(query)}`);
  return rows[0].id;
}

const outcome = (promise: Promise<void>) =>
  promise.then(
    () => 'found',
    (error: { statusCode?: number }) => error.statusCode,
  );

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('record kinds', () => {
  it('every kind of the common list is given by exactly one domain, as app.ts hands them on', () => {
    expect(recordKinds.map((k) => k.name).sort()).toEqual(Object.keys(RECORD_KINDS).sort());
  });

  const limited: Scope = { organizationId: 1, plants: ['Power Plant A'] };
  for (const [name, query] of Object.entries(ofPlant)) {
    it(`${name}: a user limited to Power Plant A finds its records there and no other plant's (404)`, async () => {
      const kind = recordKinds.find((k) => k.name === name);
      const mine = await firstId(t.db, query('Power Plant A'));
      const theirs = await firstId(t.db, sql`${query('Gas Plant B')} union ${query('Chemical Plant C')}`);
      expect(await outcome(kind?.inScope(t.db, limited, mine) as Promise<void>)).toBe('found');
      expect(await outcome(kind?.inScope(t.db, limited, theirs) as Promise<void>)).toBe(404);
      // Nor from another organization, whatever its plants.
      expect(await outcome(kind?.inScope(t.db, { organizationId: 2, plants: null }, mine) as Promise<void>)).toBe(404);
    });
  }

  it('maintenance_plan: a limited user finds exactly the plans their list shows', async () => {
    const kind = recordKinds.find((k) => k.name === 'maintenance_plan');
    const all = await rowsOf<{ id: number }>(t.db, sql`select id from maintenance_plans where organization_id = 1`);
    const listed = (await t.get('/api/maintenance-plans', 'limited')).json().map((p: { id: number }) => p.id);
    expect(all.length).toBeGreaterThan(listed.length);
    for (const { id } of all) {
      expect(await outcome(kind?.inScope(t.db, limited, id) as Promise<void>)).toBe(
        listed.includes(id) ? 'found' : 404,
      );
    }
  });

  it('part: parts are the organization’s catalog, not a plant’s (their stock is seen store by store)', async () => {
    const kind = recordKinds.find((k) => k.name === 'part');
    const [{ id }] = await rowsOf<{ id: number }>(
      t.db,
      sql`insert into parts (organization_id, part_number, name, unit) values (1, 'RK-1', 'Packing set', 'set')
        returning id`,
    );
    expect(await outcome(kind?.inScope(t.db, limited, id) as Promise<void>)).toBe('found');
    expect(await outcome(kind?.inScope(t.db, { organizationId: 2, plants: null }, id) as Promise<void>)).toBe(404);
  });

  it('procedure: procedures are the organization’s, not a plant’s', async () => {
    const kind = recordKinds.find((k) => k.name === 'procedure');
    const id = await firstId(t.db, sql`select id from procedures where organization_id = 1`);
    expect(await outcome(kind?.inScope(t.db, limited, id) as Promise<void>)).toBe('found');
    expect(await outcome(kind?.inScope(t.db, { organizationId: 2, plants: null }, id) as Promise<void>)).toBe(404);
  });
});
