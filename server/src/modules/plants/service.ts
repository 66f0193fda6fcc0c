import { type Plant, type PlantCreateBody, type PlantUpdateBody, US_UNITS } from '@common/schemas/plants';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations, plants, valves } from '../../db/schema';
import { conflict, HttpError, invalidField, notFound, refuseDuplicate } from '../../plugins/errors';
import { assertRoomForPlant } from '../billing';

/*
 * An organization's plants (issue 30): an admin creates, renames and retires them. Records name their plant; the
 * foreign key on (organization, name) carries a rename to every one of them (decisions/102).
 */

type PlantRow = typeof plants.$inferSelect;

function present(row: PlantRow, valveCount: number): Plant {
  return {
    id: row.id,
    name: row.name,
    timeZone: row.timeZone,
    units: row.units,
    code: row.code,
    siteName: row.siteName,
    address: row.address,
    retired: row.retiredAt !== null,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    valves: valveCount,
  };
}

const valveCounts = (db: Database, organizationId: number) =>
  db
    .select({ plant: valves.plant, n: count() })
    .from(valves)
    .where(eq(valves.organizationId, organizationId))
    .groupBy(valves.plant);

/** Every plant of the organization, retired ones too (their history stays readable), by name. */
export async function listPlants(db: Database, organizationId: number): Promise<Plant[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(plants).where(eq(plants.organizationId, organizationId)).orderBy(asc(plants.name)),
    valveCounts(db, organizationId),
  ]);
  const byName = new Map(counts.map((c) => [c.plant, c.n]));
  return rows.map((row) => present(row, byName.get(row.name) ?? 0));
}

async function readPlant(db: Database, organizationId: number, id: number): Promise<Plant> {
  const [row] = await db
    .select()
    .from(plants)
    .where(and(eq(plants.organizationId, organizationId), eq(plants.id, id)));
  if (!row) throw notFound('Plant not found');
  const [{ n }] = await db
    .select({ n: count() })
    .from(valves)
    .where(and(eq(valves.organizationId, organizationId), eq(valves.plant, row.name)));
  return present(row, n);
}

const nameTaken = (name: string) => conflict(`A plant named ${name} already exists in your organization.`);

const activePlants = async (db: Database, organizationId: number) =>
  (
    await db
      .select({ n: count() })
      .from(plants)
      .where(and(eq(plants.organizationId, organizationId), isNull(plants.retiredAt)))
  )[0].n;

export async function createPlant(db: Database, organizationId: number, body: PlantCreateBody): Promise<Plant> {
  await assertRoomForPlant(db, organizationId, await activePlants(db, organizationId));
  const [row] = await refuseDuplicate(
    () =>
      db
        .insert(plants)
        .values({
          organizationId,
          name: body.name,
          timeZone: body.timeZone,
          units: { ...US_UNITS, ...body.units },
          code: body.code ?? null,
          siteName: body.siteName ?? null,
          address: body.address ?? null,
        })
        .returning(),
    nameTaken(body.name),
  );
  return present(row, 0);
}

/** Rename, rezone, retire or bring back; the last active plant cannot be retired (a valve needs a plant). */
export async function updatePlant(
  db: Database,
  organizationId: number,
  id: number,
  body: PlantUpdateBody,
  now = new Date(),
): Promise<Plant> {
  const current = await readPlant(db, organizationId, id);
  if (body.retired === true && !current.retired && (await activePlants(db, organizationId)) <= 1) {
    throw new HttpError(409, 'The last active plant cannot be retired: add another plant first.');
  }
  if (body.retired === false && current.retired) {
    await assertRoomForPlant(db, organizationId, await activePlants(db, organizationId));
  }
  const changes: Partial<typeof plants.$inferInsert> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.timeZone !== undefined) changes.timeZone = body.timeZone;
  if (body.units !== undefined) changes.units = { ...current.units, ...body.units };
  if (body.code !== undefined) changes.code = body.code;
  if (body.siteName !== undefined) changes.siteName = body.siteName;
  if (body.address !== undefined) changes.address = body.address;
  if (body.retired !== undefined) changes.retiredAt = body.retired ? (current.retiredAt ? undefined : now) : null;
  await refuseDuplicate(
    () =>
      db
        .update(plants)
        .set(changes)
        .where(and(eq(plants.organizationId, organizationId), eq(plants.id, id))),
    nameTaken(body.name ?? current.name),
  );
  return readPlant(db, organizationId, id);
}

/** The organization's first plant, made with it at sign-up. */
export async function addFirstPlant(db: Database, organizationId: number, name: string, timeZone = 'UTC') {
  await db.insert(plants).values({ organizationId, name, timeZone });
}

/**
 * The plant a record names, checked against the organization's plants: a 400 naming the field and listing the
 * plants it may name. Retired plants keep their records but take no new ones (`active`).
 */
export async function checkPlantName(
  db: Database,
  organizationId: number,
  name: string,
  options: { field?: string; where?: 'body' | 'query'; active?: boolean } = {},
): Promise<{ id: number; name: string; timeZone: string }> {
  const rows = await db
    .select({ id: plants.id, name: plants.name, timeZone: plants.timeZone, retiredAt: plants.retiredAt })
    .from(plants)
    .where(eq(plants.organizationId, organizationId))
    .orderBy(asc(plants.name));
  const open = options.active === false ? rows : rows.filter((p) => p.retiredAt === null);
  const found = open.find((p) => p.name === name) ?? open.find((p) => p.name.toLowerCase() === name.toLowerCase());
  if (found) return found;
  const field = options.field ?? 'plant';
  const retired = rows.find((p) => p.name.toLowerCase() === name.toLowerCase());
  const message = retired
    ? `${retired.name} is retired; name one of: ${open.map((p) => p.name).join(', ')}`
    : `must be one of: ${open.map((p) => p.name).join(', ')}`;
  throw invalidField(field, message, options.where);
}

/** Each plant's zone by name, for reads that turn a plant's days into instants. */
export async function plantTimeZones(db: Database, organizationId: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ name: plants.name, timeZone: plants.timeZone })
    .from(plants)
    .where(eq(plants.organizationId, organizationId));
  return new Map(rows.map((r) => [r.name, r.timeZone]));
}

/** The zone of the plant a record names; UTC for a name the organization does not have. */
export async function plantTimeZone(db: Database, organizationId: number, name: string): Promise<string> {
  return (await plantTimeZones(db, organizationId)).get(name) ?? 'UTC';
}

/** The organization's tag convention (a regular expression), or null when any tag is taken. */
export async function tagPattern(db: Database, organizationId: number): Promise<string | null> {
  const [row] = await db
    .select({ tagPattern: organizations.tagPattern })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.tagPattern ?? null;
}

export async function setTagPattern(db: Database, organizationId: number, pattern: string | null) {
  await db.update(organizations).set({ tagPattern: pattern }).where(eq(organizations.id, organizationId));
  return { tagPattern: pattern };
}
