import type { PlantAreaNode, PlantSystemNode, PlantTree } from '@common/schemas/plant-tree';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { plantAreas, plantSystems, plants, valves } from '../../db/schema';
import { conflict, invalidField, notFound, refuseDuplicate } from '../../plugins/errors';

/*
 * A plant's tree (issue 30): plant → area → system → valve position. Nodes are named, and a valve names its plant,
 * area and system through foreign keys that cascade a rename or a move (decisions/103). Names compare regardless of
 * case within their parent, so "unit 1" is the Unit 1 already there.
 */

/** Where a valve sits; every write that places a valve passes through `placeInTree`. */
export type Place = { plant: string; area: string; system: string };

const rollUp = { valves: 0, overdue: 0, inMaintenance: 0, decommissioned: 0 };

export async function plantTree(db: Database, organizationId: number, plantId: number): Promise<PlantTree> {
  const plant = await plantOf(db, organizationId, plantId);
  const inPlant = (table: typeof plantAreas | typeof plantSystems) =>
    and(eq(table.organizationId, organizationId), eq(table.plant, plant.name));
  const [areas, systems, counts] = await Promise.all([
    db.select().from(plantAreas).where(inPlant(plantAreas)).orderBy(asc(plantAreas.name)),
    db.select().from(plantSystems).where(inPlant(plantSystems)).orderBy(asc(plantSystems.name)),
    db
      .select({ area: valves.area, system: valves.system, status: valves.status, n: count() })
      .from(valves)
      .where(and(eq(valves.organizationId, organizationId), eq(valves.plant, plant.name)))
      .groupBy(valves.area, valves.system, valves.status),
  ]);
  const add = (node: typeof rollUp, status: string, n: number) => {
    if (status === 'decommissioned') {
      node.decommissioned += n;
      return;
    }
    node.valves += n;
    if (status === 'overdue') node.overdue += n;
    if (status === 'maintenance') node.inMaintenance += n;
  };
  const tree: PlantTree = { plantId: plant.id, plant: plant.name, ...rollUp, areas: [] };
  const areaNodes = new Map<string, PlantAreaNode>();
  for (const area of areas) {
    const node: PlantAreaNode = { id: area.id, name: area.name, ...rollUp, systems: [] };
    areaNodes.set(area.name, node);
    tree.areas.push(node);
  }
  const systemNodes = new Map<string, PlantSystemNode>();
  for (const system of systems) {
    const node: PlantSystemNode = { id: system.id, name: system.name, ...rollUp };
    systemNodes.set(`${system.area}\n${system.name}`, node);
    areaNodes.get(system.area)?.systems.push(node);
  }
  for (const c of counts) {
    add(tree, c.status, c.n);
    const area = areaNodes.get(c.area);
    if (area) add(area, c.status, c.n);
    const system = systemNodes.get(`${c.area}\n${c.system}`);
    if (system) add(system, c.status, c.n);
  }
  return tree;
}

async function plantOf(db: Database, organizationId: number, plantId: number) {
  const [row] = await db
    .select({ id: plants.id, name: plants.name })
    .from(plants)
    .where(and(eq(plants.organizationId, organizationId), eq(plants.id, plantId)));
  if (!row) throw notFound('Plant not found');
  return row;
}

async function areaOf(db: Database, organizationId: number, id: number) {
  const [row] = await db
    .select()
    .from(plantAreas)
    .where(and(eq(plantAreas.organizationId, organizationId), eq(plantAreas.id, id)));
  if (!row) throw notFound('Area not found');
  return row;
}

async function systemOf(db: Database, organizationId: number, id: number) {
  const [row] = await db
    .select()
    .from(plantSystems)
    .where(and(eq(plantSystems.organizationId, organizationId), eq(plantSystems.id, id)));
  if (!row) throw notFound('System not found');
  return row;
}

const areaTaken = (plant: string, name: string) => conflict(`${plant} already has an area named ${name}.`);
const systemTaken = (area: string, name: string) => conflict(`${area} already has a system named ${name}.`);

export async function addArea(db: Database, organizationId: number, plantId: number, name: string) {
  const plant = await plantOf(db, organizationId, plantId);
  const [row] = await refuseDuplicate(
    () => db.insert(plantAreas).values({ organizationId, plant: plant.name, name }).returning(),
    areaTaken(plant.name, name),
  );
  return { id: row.id, name: row.name, ...rollUp, systems: [] };
}

/** A rename reaches the area's systems and valves through the cascading keys. */
export async function renameArea(db: Database, organizationId: number, id: number, name: string) {
  const area = await areaOf(db, organizationId, id);
  await refuseDuplicate(
    () => db.update(plantAreas).set({ name }).where(eq(plantAreas.id, id)),
    areaTaken(area.plant, name),
  );
  return nodeInTree(db, organizationId, area.plant, (tree) => tree.areas.find((a) => a.id === id));
}

export async function addSystem(db: Database, organizationId: number, areaId: number, name: string) {
  const area = await areaOf(db, organizationId, areaId);
  const [row] = await refuseDuplicate(
    () => db.insert(plantSystems).values({ organizationId, plant: area.plant, area: area.name, name }).returning(),
    systemTaken(area.name, name),
  );
  return { id: row.id, name: row.name, ...rollUp };
}

/** Rename a system or move it under another area of its plant; its valves follow through the cascading key. */
export async function changeSystem(
  db: Database,
  organizationId: number,
  id: number,
  change: { name?: string; areaId?: number },
) {
  const system = await systemOf(db, organizationId, id);
  let area = system.area;
  if (change.areaId !== undefined) {
    const target = await areaOf(db, organizationId, change.areaId).catch(() => {
      throw invalidField('areaId', 'must be an area of the same plant');
    });
    if (target.plant !== system.plant) throw invalidField('areaId', 'must be an area of the same plant');
    area = target.name;
  }
  const name = change.name ?? system.name;
  await refuseDuplicate(
    () => db.update(plantSystems).set({ area, name }).where(eq(plantSystems.id, id)),
    systemTaken(area, name),
  );
  return nodeInTree(db, organizationId, system.plant, (tree) =>
    tree.areas.flatMap((a) => a.systems).find((s) => s.id === id),
  );
}

/** Only an empty node goes: a valve always has a place, so its valves move first. */
export async function removeArea(db: Database, organizationId: number, id: number) {
  const area = await areaOf(db, organizationId, id);
  const held = await valvesUnder(db, organizationId, eq(valves.plant, area.plant), eq(valves.area, area.name));
  if (held) throw conflict(`${area.name} ${holds(held)}: move them to another area first.`);
  await db
    .delete(plantSystems)
    .where(
      and(
        eq(plantSystems.organizationId, organizationId),
        eq(plantSystems.plant, area.plant),
        eq(plantSystems.area, area.name),
      ),
    );
  await db.delete(plantAreas).where(eq(plantAreas.id, id));
}

export async function removeSystem(db: Database, organizationId: number, id: number) {
  const system = await systemOf(db, organizationId, id);
  const held = await valvesUnder(
    db,
    organizationId,
    eq(valves.plant, system.plant),
    eq(valves.area, system.area),
    eq(valves.system, system.name),
  );
  if (held) {
    throw conflict(`${system.name} ${holds(held)}: move them to another system first.`);
  }
  await db.delete(plantSystems).where(eq(plantSystems.id, id));
}

/** Decommissioned valves count: they keep their place, which their history names. */
const holds = (n: number) => `holds ${n} valve${n === 1 ? '' : 's'}, decommissioned ones included`;

const valvesUnder = async (db: Database, organizationId: number, ...where: ReturnType<typeof eq>[]) =>
  (
    await db
      .select({ n: count() })
      .from(valves)
      .where(and(eq(valves.organizationId, organizationId), ...where))
  )[0].n;

async function nodeInTree<T>(
  db: Database,
  organizationId: number,
  plantName: string,
  pick: (tree: PlantTree) => T | undefined,
): Promise<T> {
  const [plant] = await db
    .select({ id: plants.id })
    .from(plants)
    .where(and(eq(plants.organizationId, organizationId), eq(plants.name, plantName)));
  const node = pick(await plantTree(db, organizationId, plant.id));
  if (!node) throw notFound('Node not found');
  return node;
}

/**
 * The tree's spelling of the places records name, adding the areas and systems that are not there yet: a valve
 * written with a new area or system (by its form, an import or the demo) makes the node, as a new maker name
 * does, and one that differs only in case takes the existing spelling.
 */
export async function placeInTree(db: Database, organizationId: number, places: Place[]): Promise<Place[]> {
  if (places.length === 0) return [];
  const json = JSON.stringify(places.map(({ plant, area, system }) => ({ plant, area, system })));
  await db.execute(sql`
    insert into plant_areas (organization_id, plant, name)
    select distinct on (p.plant, lower(p.area)) ${organizationId}::int, p.plant, p.area
    from json_to_recordset(${json}::json) as p(plant text, area text, system text)
    order by p.plant, lower(p.area), p.area
    on conflict do nothing`);
  const areas = await db
    .select({ plant: plantAreas.plant, folded: sql<string>`lower(${plantAreas.name})`, name: plantAreas.name })
    .from(plantAreas)
    .where(eq(plantAreas.organizationId, organizationId));
  const areaName = new Map(areas.map((a) => [`${a.plant}\n${a.folded}`, a.name]));
  const withAreas = places.map(({ plant, area, system }) => ({
    plant,
    area: areaName.get(`${plant}\n${area.toLowerCase()}`) ?? area,
    system,
  }));
  await db.execute(sql`
    insert into plant_systems (organization_id, plant, area, name)
    select distinct on (p.plant, p.area, lower(p.system)) ${organizationId}::int, p.plant, p.area, p.system
    from json_to_recordset(${JSON.stringify(withAreas)}::json) as p(plant text, area text, system text)
    order by p.plant, p.area, lower(p.system), p.system
    on conflict do nothing`);
  const systems = await db
    .select({
      plant: plantSystems.plant,
      area: plantSystems.area,
      folded: sql<string>`lower(${plantSystems.name})`,
      name: plantSystems.name,
    })
    .from(plantSystems)
    .where(eq(plantSystems.organizationId, organizationId));
  const systemName = new Map(systems.map((s) => [`${s.plant}\n${s.area}\n${s.folded}`, s.name]));
  return withAreas.map((p) => ({
    ...p,
    system: systemName.get(`${p.plant}\n${p.area}\n${p.system.toLowerCase()}`) ?? p.system,
  }));
}
