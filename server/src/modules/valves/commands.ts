import { valveCodeContradiction } from '@common/constants';
import { areaOfLocation } from '@common/plant-places';
import type { SessionUser } from '@common/schemas/auth';
import type { ValveCreateBody, ValveDetail, ValveUpdateBody } from '@common/schemas/valves';
import { TEXTS } from '@common/texts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { type Database, inTransaction } from '../../db/client';
import type { JsonText } from '../../db/json';
import { valves, workOrders } from '../../db/schema';
import { type Scope, valvesInScope } from '../../lib/scope';
import { sameTag } from '../../lib/valve-tags';
import { HttpError, invalidField, notFound, staleVersion } from '../../plugins/errors';
import { recordActivity } from '../activity';
import { assertRoomForValve } from '../billing';
import { checkPlantName, checkValveType, type Place, placeInTree, tagPattern } from '../plants';
import { spellingInUse } from './makers';
import { currentValve, valveDetailNow } from './service';

const DAY = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A new valve is first due one interval from today, unless its next maintenance is given. */
export const firstDue = (valve: { nextMaintenance?: string | null; maintenanceIntervalDays: number }) =>
  valve.nextMaintenance ?? isoDay(Date.now() + valve.maintenanceIntervalDays * DAY);

/** A plant-limited user may only put valves in their own plants. */
function checkPlant(scope: Scope, plant: string | undefined) {
  if (plant && scope.plants && !scope.plants.includes(plant)) {
    throw new HttpError(403, `You may only manage valves of ${scope.plants.join(', ')}.`);
  }
}

/** A tag whose type code names another type is refused: the tag on the valve is what people scan and trust. */
function checkTypeCode(valveId: string, type: string | undefined) {
  const contradiction = type === undefined ? null : valveCodeContradiction(valveId, type);
  if (contradiction) {
    throw new HttpError(400, `Invalid body: type ${contradiction}`, {
      issues: [{ path: 'type', message: contradiction }],
    });
  }
}

/**
 * The plant and type as the organization spells them (issue 30): a plant or type it does not have is a 400 that
 * lists what it has; a retired plant takes no valves. A manufacturer and model already in use keep their spelling
 * (FISHER is Fisher). A new tag must follow the organization's convention, if set.
 */
async function inCatalog<T extends { plant?: string; type?: string; manufacturer?: string; model?: string }>(
  db: Database,
  scope: Scope,
  body: T,
  newTag?: string,
): Promise<T> {
  const named = { ...body };
  if (body.plant !== undefined) named.plant = (await checkPlantName(db, scope.organizationId, body.plant)).name;
  if (body.type !== undefined) named.type = await checkValveType(db, scope.organizationId, body.type);
  if (body.manufacturer !== undefined && body.model !== undefined) {
    Object.assign(named, await spellingInUse(db, scope.organizationId, body.manufacturer, body.model));
  }
  const pattern = newTag === undefined ? null : await tagPattern(db, scope.organizationId);
  if (pattern && newTag !== undefined && !new RegExp(`^(?:${pattern})$`).test(newTag)) {
    throw invalidField('valveId', `must follow your organization's tag convention (${pattern})`);
  }
  return named;
}

/**
 * Where an edit puts the valve in its plant's tree, when it names a plant, area or system: a valve moved to another
 * plant without an area lands in the area its location names there (areaOfLocation).
 */
export async function newPlace(
  db: Database,
  organizationId: number,
  current: Place & { location: string },
  edit: Partial<Place> & { location?: string },
): Promise<Place | null> {
  if (edit.plant === undefined && edit.area === undefined && edit.system === undefined) return null;
  const plant = edit.plant ?? current.plant;
  const area =
    edit.area ?? (plant === current.plant ? current.area : areaOfLocation(edit.location ?? current.location));
  const [place] = await placeInTree(db, organizationId, [{ plant, area, system: edit.system ?? current.system }]);
  return place;
}

async function lockValve(db: Database, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(valves)
    .where(and(valvesInScope(scope), eq(valves.id, id)))
    .for('update');
  if (!row) throw notFound(TEXTS.valves.notFound);
  return row;
}

export async function createValve(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  body: ValveCreateBody,
): Promise<JsonText<ValveDetail>> {
  const named = await inCatalog(db, scope, body, body.valveId);
  checkPlant(scope, named.plant);
  checkTypeCode(named.valveId, named.type);
  const id = await inTransaction(db, async (tx) => {
    const [taken] = await tx
      .select({ valveId: valves.valveId })
      .from(valves)
      .where(and(eq(valves.organizationId, scope.organizationId), sameTag(named.valveId)));
    if (taken) throw new HttpError(409, `A valve with ID ${taken.valveId} already exists.`);
    await assertRoomForValve(tx, scope.organizationId, named.plant);
    const [place] = await placeInTree(tx, scope.organizationId, [
      { plant: named.plant, area: named.area ?? areaOfLocation(named.location), system: named.system },
    ]);
    const [row] = await tx
      .insert(valves)
      .values({
        ...named,
        ...place,
        organizationId: scope.organizationId,
        nextMaintenance: firstDue(named),
      })
      .returning({ id: valves.id });
    await recordActivity(tx, {
      organizationId: scope.organizationId,
      type: 'valve_added',
      description: `Valve ${named.valveId} (${named.type}) added by ${actor.name}`,
      entityType: 'valve',
      entityId: row.id,
      plant: named.plant,
    });
    return row.id;
  });
  return valveDetailNow(db, scope, id);
}

export async function updateValve(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  id: number,
  edit: ValveUpdateBody,
): Promise<JsonText<ValveDetail>> {
  const body = await inCatalog(db, scope, edit);
  checkPlant(scope, body.plant);
  await inTransaction(db, async (tx) => {
    const current = await lockValve(tx, scope, id);
    if (current.version !== body.version) throw staleVersion('valve', await currentValve(tx, scope, id));
    if (current.status === 'decommissioned')
      throw new HttpError(409, `Valve ${current.valveId} is decommissioned and can no longer be edited.`);
    checkTypeCode(current.valveId, body.type);
    if (body.plant && body.plant !== current.plant) {
      await assertRoomForValve(tx, scope.organizationId, body.plant, { movingValveId: id });
    }
    const { version: _version, ...fields } = body;
    const place = await newPlace(tx, scope.organizationId, current, body);
    await tx
      .update(valves)
      .set({ ...fields, ...place, version: current.version + 1, updatedAt: new Date() })
      .where(eq(valves.id, id));
    await recordActivity(tx, {
      organizationId: scope.organizationId,
      type: 'valve_updated',
      description: `Valve ${current.valveId} updated by ${actor.name}`,
      entityType: 'valve',
      entityId: id,
      plant: body.plant ?? current.plant,
    });
  });
  return valveDetailNow(db, scope, id);
}

/** Takes a valve out of service for good; refused while work is still open on it. */
export async function decommissionValve(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  id: number,
  body: { version: number; reason: string },
): Promise<JsonText<ValveDetail>> {
  await inTransaction(db, async (tx) => {
    const current = await lockValve(tx, scope, id);
    if (current.version !== body.version) throw staleVersion('valve', await currentValve(tx, scope, id));
    if (current.status === 'decommissioned')
      throw new HttpError(409, `Valve ${current.valveId} is already decommissioned.`);
    const [{ open }] = await tx
      .select({ open: count() })
      .from(workOrders)
      .where(and(eq(workOrders.valveId, id), inArray(workOrders.status, ['pending', 'in_progress'])));
    if (open > 0) {
      throw new HttpError(
        409,
        `Valve ${current.valveId} has ${open} open work order${open === 1 ? '' : 's'}: complete them before decommissioning.`,
      );
    }
    await tx
      .update(valves)
      .set({ status: 'decommissioned', nextMaintenance: null, version: current.version + 1, updatedAt: new Date() })
      .where(eq(valves.id, id));
    await recordActivity(tx, {
      organizationId: scope.organizationId,
      type: 'valve_decommissioned',
      description: `Valve ${current.valveId} decommissioned by ${actor.name}: ${body.reason}`,
      entityType: 'valve',
      entityId: id,
      plant: current.plant,
    });
  });
  return valveDetailNow(db, scope, id);
}

/**
 * What else sets a valve's next maintenance once work on it is done, after its own interval: its plans (app.ts hands
 * the plans domain's, which sits above the domains that record the work).
 */
export type Replan = (db: Database, organizationId: number, valveId: number, now: Date) => Promise<void>;

/** Maintenance was done: the clock restarts from today, and a valve waiting for it is back in service. */
export async function markValveMaintained(db: Database, valveId: number, when: Date): Promise<void> {
  await db
    .update(valves)
    .set({
      lastMaintenance: isoDay(when.getTime()),
      nextMaintenance: sql`(${isoDay(when.getTime())}::date + ${valves.maintenanceIntervalDays})`,
      status: sql`case when ${valves.status} in ('overdue', 'maintenance') then 'active' else ${valves.status} end`,
      version: sql`${valves.version} + 1`,
      updatedAt: when,
    })
    .where(eq(valves.id, valveId));
}
