import { plantTree as plantTreeSchema } from '@common/schemas/plant-tree';
import { valveDetail } from '@common/schemas/valves';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, valves } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

/* The plant tree (issue 30): plant → area → system → valve position, its roll-ups, edits and the valves' places. */

let t: TestContext;
let powerA = 0;
beforeAll(async () => {
  t = await createTestApp({ valves: 30 });
  const plants = (await t.get('/api/plants', 'admin')).json() as { id: number; name: string }[];
  powerA = plants.find((p) => p.name === 'Power Plant A')?.id ?? 0;
}, 120_000);
afterAll(() => t.close());

const asEngineer = { as: 'engineer' } as const;
const treeOf = async (plantId: number) => plantTreeSchema.parse((await t.get(`/api/plants/${plantId}/tree`)).json());

const newValve = (over: Record<string, unknown> = {}) => ({
  valveId: 'HV-2301',
  type: 'Gate Valve',
  size: '4"',
  pressure: 'Class 600',
  plant: 'Power Plant A',
  location: 'Boiler House, Elev. 24 ft, Line 210',
  system: 'Blowdown',
  manufacturer: 'Velan',
  model: 'G-600',
  ...over,
});

describe('GET /api/plants/:id/tree', () => {
  it('holds every valve of the demo plant under its area and system, and the roll-ups add up', async () => {
    const tree = await treeOf(powerA);
    const rows = await t.db
      .select({ area: valves.area, system: valves.system, status: valves.status, location: valves.location })
      .from(valves)
      .where(and(eq(valves.organizationId, 1), eq(valves.plant, 'Power Plant A')));
    const active = rows.filter((r) => r.status !== 'decommissioned');
    expect(tree.plant).toBe('Power Plant A');
    expect(tree.valves).toBe(active.length);
    expect(tree.areas.reduce((n, a) => n + a.valves, 0)).toBe(active.length);
    expect(tree.overdue).toBe(active.filter((r) => r.status === 'overdue').length);
    expect(tree.decommissioned).toBe(rows.length - active.length);
    for (const area of tree.areas) {
      expect(area.systems.reduce((n, s) => n + s.valves, 0)).toBe(area.valves);
    }
    // The demo's locations name their area before the first comma; the whole text stays the position's description.
    for (const row of rows) expect(row.location.startsWith(`${row.area},`)).toBe(true);
  });

  it('answers 404 for a plant of another organization and 400 for an id that is not one', async () => {
    expect((await t.get(`/api/plants/${powerA}/tree`, 'otherOrganization')).statusCode).toBe(404);
    const bad = await t.get('/api/plants/abc/tree');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/);
  });
});

describe('editing the tree', () => {
  let area = 0;
  let other = 0;
  let system = 0;

  it('adds an area and a system as an engineer; the same name in any case is a 409', async () => {
    const added = await send(t, 'POST', `/api/plants/${powerA}/areas`, { name: 'Boiler House' }, asEngineer);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Boiler House', valves: 0, systems: [] });
    area = added.json().id;
    const again = await send(t, 'POST', `/api/plants/${powerA}/areas`, { name: 'boiler house' }, asEngineer);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Power Plant A already has an area named boiler house.');
    other = (await send(t, 'POST', `/api/plants/${powerA}/areas`, { name: 'Stack' }, asEngineer)).json().id;
    const sys = await send(t, 'POST', `/api/plant-areas/${area}/systems`, { name: 'Blowdown' }, asEngineer);
    expect(sys.statusCode).toBe(201);
    system = sys.json().id;
  });

  it('refuses bad names with the field named, and technicians with 403', async () => {
    const comma = await send(t, 'POST', `/api/plants/${powerA}/areas`, { name: 'Unit 1, north' }, asEngineer);
    expect(comma.statusCode).toBe(400);
    expect(comma.json().message).toMatch(/name must not contain a comma/);
    const empty = await send(t, 'POST', `/api/plant-areas/${area}/systems`, { name: '  ' }, asEngineer);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/name is required/);
    const nothing = await send(t, 'PATCH', `/api/plant-systems/${system}`, {}, asEngineer);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toMatch(/name or areaId is required/);
    const tech = await send(t, 'POST', `/api/plants/${powerA}/areas`, { name: 'Yard' }, { as: 'technician' });
    expect(tech.statusCode).toBe(403);
    const missing = await send(t, 'PATCH', '/api/plant-areas/999999', { name: 'X' }, asEngineer);
    expect(missing.statusCode).toBe(404);
  });

  it('places a new valve by its area, or by its location when no area is given, in the existing spelling', async () => {
    const res = await send(t, 'POST', '/api/valves', newValve({ system: 'BLOWDOWN' }), asEngineer);
    expect(res.statusCode).toBe(201);
    expect(valveDetail.parse(res.json())).toMatchObject({ area: 'Boiler House', system: 'Blowdown' });
    const named = await send(
      t,
      'POST',
      '/api/valves',
      newValve({ valveId: 'HV-2302', area: 'Feedwater Heater Bay', system: 'Extraction Steam' }),
      asEngineer,
    );
    expect(named.statusCode).toBe(201);
    expect(named.json()).toMatchObject({ area: 'Feedwater Heater Bay', location: newValve().location });
    const tree = await treeOf(powerA);
    const bay = tree.areas.find((a) => a.name === 'Feedwater Heater Bay');
    expect(bay?.systems.map((s) => s.name)).toEqual(['Extraction Steam']);
    expect(tree.areas.find((a) => a.id === area)?.systems).toEqual([
      { id: system, name: 'Blowdown', valves: 1, overdue: 0, inMaintenance: 0, decommissioned: 0 },
    ]);
  });

  it('moves and renames a system: its valves follow, and the move is in their history', async () => {
    const moved = await send(t, 'PATCH', `/api/plant-systems/${system}`, { areaId: other, name: 'Boiler Blowdown' });
    expect(moved.statusCode).toBe(403);
    const res = await send(
      t,
      'PATCH',
      `/api/plant-systems/${system}`,
      { areaId: other, name: 'Boiler Blowdown' },
      asEngineer,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Boiler Blowdown', valves: 1 });
    const [valve] = await t.db.select().from(valves).where(eq(valves.valveId, 'HV-2301'));
    expect(valve).toMatchObject({ area: 'Stack', system: 'Boiler Blowdown' });
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'valves'), eq(auditLog.rowId, String(valve.id))));
    expect(trail.some((e) => JSON.stringify(e.changes).includes('Boiler Blowdown'))).toBe(true);
    const elsewhere = (await t.get('/api/plants', 'admin'))
      .json()
      .find((p: { name: string }) => p.name === 'Gas Plant B');
    const gasArea = (await treeOf(elsewhere.id)).areas[0].id;
    const across = await send(t, 'PATCH', `/api/plant-systems/${system}`, { areaId: gasArea }, asEngineer);
    expect(across.statusCode).toBe(400);
    expect(across.json().message).toMatch(/areaId must be an area of the same plant/);
  });

  it('renames an area: its systems and valves follow; filters find them by the new name', async () => {
    const res = await send(t, 'PATCH', `/api/plant-areas/${other}`, { name: 'Stack Platform' }, asEngineer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Stack Platform', valves: 1 });
    const list = await t.get('/api/valves?plant=Power%20Plant%20A&area=stack%20platform&system=Boiler%20Blowdown');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((v: { valveId: string }) => v.valveId)).toEqual(['HV-2301']);
  });

  it('refuses to remove a node that holds valves, and removes an empty one', async () => {
    const held = await send(t, 'DELETE', `/api/plant-areas/${other}`, undefined, asEngineer);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(
      'Stack Platform holds 1 valve, decommissioned ones included: move them to another area first.',
    );
    const heldSystem = await send(t, 'DELETE', `/api/plant-systems/${system}`, undefined, asEngineer);
    expect(heldSystem.statusCode).toBe(409);
    const valve = (await t.get('/api/valves?q=HV-2301')).json()[0];
    const edit = await send(
      t,
      'PATCH',
      `/api/valves/${valve.id}`,
      { version: 1, area: 'Boiler House', system: 'Blowdown' },
      asEngineer,
    );
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ area: 'Boiler House', system: 'Blowdown' });
    expect((await send(t, 'DELETE', `/api/plant-systems/${system}`, undefined, asEngineer)).statusCode).toBe(204);
    expect((await send(t, 'DELETE', `/api/plant-areas/${other}`, undefined, asEngineer)).statusCode).toBe(204);
    expect((await treeOf(powerA)).areas.some((a) => a.id === other)).toBe(false);
  });

  it('renames the plant: the tree and the valves follow through one chain of keys', async () => {
    const res = await send(t, 'PATCH', `/api/plants/${powerA}`, { name: 'Power Station A' }, { as: 'admin' });
    expect(res.statusCode).toBe(200);
    const tree = await treeOf(powerA);
    expect(tree.plant).toBe('Power Station A');
    expect(tree.areas.find((a) => a.id === area)?.valves).toBe(1);
    const [valve] = await t.db.select().from(valves).where(eq(valves.valveId, 'HV-2301'));
    expect(valve).toMatchObject({ plant: 'Power Station A', area: 'Boiler House', system: 'Blowdown' });
    await send(t, 'PATCH', `/api/plants/${powerA}`, { name: 'Power Plant A' }, { as: 'admin' });
  });

  it('moves a valve to another plant without an area: it lands in the area its location names there', async () => {
    const valve = (await t.get('/api/valves?q=HV-2302')).json()[0];
    const res = await send(
      t,
      'PATCH',
      `/api/valves/${valve.id}`,
      { version: 1, plant: 'Gas Plant B', system: 'Fuel Gas' },
      asEngineer,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ plant: 'Gas Plant B', area: 'Boiler House', system: 'Fuel Gas' });
    const bad = await send(t, 'PATCH', `/api/valves/${valve.id}`, { version: 2, area: 'A, B' }, asEngineer);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/area must not contain a comma/);
  });
});
