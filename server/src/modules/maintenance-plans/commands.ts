import type { SessionUser } from '@common/schemas/auth';
import type { PlanCreateBody, PlanTarget, PlanTrigger, PlanUpdateBody } from '@common/schemas/maintenance-plans';
import { TEXTS } from '@common/texts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { maintenancePlans, users, valves } from '../../db/schema';
import { type Scope, valvesInScope } from '../../lib/scope';
import { tagIn } from '../../lib/valve-tags';
import { invalidField, notFound, staleVersion } from '../../plugins/errors';
import { checkPlantName, checkValveType, plantTimeZone } from '../plants';
import { procedureRecords } from '../procedures';
import { generateDueWorkOrders } from './generate';
import { parseRule } from './recurrence';
import { readPlan, readPlanRow } from './service';
import { valvesOfTarget } from './targets';

/** The target's plant and valve type as the organization spells them; one it does not have is a 400 listing its own. */
async function namedTarget(db: Database, scope: Scope, target: PlanTarget): Promise<PlanTarget> {
  const named = { ...target };
  if (target.plant)
    named.plant = (await checkPlantName(db, scope.organizationId, target.plant, { field: 'target.plant' })).name;
  if (target.valveType)
    named.valveType = await checkValveType(db, scope.organizationId, target.valveType, { field: 'target.valveType' });
  return named;
}

/** A plan's days are its plant's (issue 30): the target's plant, else the plant of the first valve it covers. */
async function zoneOfTarget(db: Database, scope: Scope, target: PlanTarget): Promise<string> {
  const plant = target.plant ?? (await valvesOfTarget(db, scope, target))[0]?.plant;
  return plant ? plantTimeZone(db, scope.organizationId, plant) : 'UTC';
}

/** What only the database or the recurrence library can check: the rule, the valves, the assignee, the procedure. */
async function checkPlan(
  db: Database,
  scope: Scope,
  target: PlanTarget,
  trigger: PlanTrigger,
  assignee: number | null | undefined,
  procedureId: number | null | undefined,
) {
  if (trigger.kind === 'calendar' && trigger.rrule) {
    const parsed = parseRule(trigger.rrule);
    if ('error' in parsed) throw invalidField('trigger.rrule', parsed.error);
  }
  if (target.valveId !== undefined) {
    const [valve] = await db
      .select({ id: valves.id })
      .from(valves)
      .where(and(valvesInScope(scope), eq(valves.id, target.valveId)));
    if (!valve) throw notFound(TEXTS.valves.notFound);
  }
  if (target.valveTags) {
    const found = await db
      .select({ tag: valves.valveId })
      .from(valves)
      .where(and(valvesInScope(scope), tagIn(target.valveTags)));
    const known = new Set(found.map((f) => f.tag.toLowerCase()));
    const unknown = target.valveTags.filter((t) => !known.has(t.toLowerCase()));
    if (unknown.length) throw invalidField('target.valveTags', `has valves that do not exist: ${unknown.join(', ')}`);
  }
  if ((await valvesOfTarget(db, scope, target)).length === 0) {
    throw invalidField('target', 'covers no valve in service');
  }
  if (assignee !== undefined && assignee !== null) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, assignee), eq(users.organizationId, scope.organizationId), eq(users.active, true)));
    if (!user) throw invalidField('assignedToUserId', 'is not an active user of your organization');
  }
  if (procedureId !== undefined && procedureId !== null) {
    await procedureRecords.inScope(db, scope, procedureId).catch(() => {
      throw invalidField('procedureId', 'is not a procedure of your organization');
    });
  }
}

/**
 * What createPlan and updatePlan check of a plan before writing it, without the write: an import's dry run refuses
 * the rows they would refuse.
 */
export async function checkPlanInput(
  db: Database,
  scope: Scope,
  plan: Pick<PlanCreateBody, 'target' | 'trigger'> & Partial<Pick<PlanCreateBody, 'assignedToUserId' | 'procedureId'>>,
) {
  const target = await namedTarget(db, scope, plan.target);
  await checkPlan(db, scope, target, plan.trigger, plan.assignedToUserId, plan.procedureId);
}

/** Adds a plan, then raises at once what it makes due (within its lead) and sets its valves' next dates. */
export async function createPlan(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  body: PlanCreateBody,
  now = new Date(),
) {
  const id = await insertPlan(db, scope, actor, body, now);
  await generateDueWorkOrders(db, now, scope.organizationId);
  return readPlan(db, scope, id, now);
}

/**
 * A plan checked and written, nothing raised yet: an import of many plans writes them all, then raises what they
 * make due once (generateDueWorkOrders walks the organization's plans, so once per plan would be quadratic).
 */
export async function insertPlan(db: Database, scope: Scope, actor: SessionUser, body: PlanCreateBody, now: Date) {
  const target = await namedTarget(db, scope, body.target);
  await checkPlan(db, scope, target, body.trigger, body.assignedToUserId, body.procedureId);
  const [row] = await db
    .insert(maintenancePlans)
    .values({
      ...body,
      target,
      timeZone: body.timeZone ?? (await zoneOfTarget(db, scope, target)),
      organizationId: scope.organizationId,
      createdByUserId: actor.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: maintenancePlans.id });
  return row.id;
}

export async function updatePlan(db: Database, scope: Scope, id: number, body: PlanUpdateBody, now = new Date()) {
  await changePlan(db, scope, id, body, now);
  await generateDueWorkOrders(db, now, scope.organizationId);
  return readPlan(db, scope, id, now);
}

/** A plan's change checked and written, nothing raised yet (as insertPlan). */
export async function changePlan(db: Database, scope: Scope, id: number, body: PlanUpdateBody, now: Date) {
  const current = await readPlanRow(db, scope, id);
  if (current.version !== body.version) throw staleVersion('maintenance plan', await readPlan(db, scope, id, now));
  const { version, ...fields } = body;
  if (fields.target) fields.target = await namedTarget(db, scope, fields.target);
  await checkPlan(
    db,
    scope,
    fields.target ?? current.target,
    fields.trigger ?? current.trigger,
    fields.assignedToUserId,
    fields.procedureId,
  );
  const [updated] = await db
    .update(maintenancePlans)
    .set({ ...fields, version: sql`${maintenancePlans.version} + 1`, updatedAt: now })
    .where(and(eq(maintenancePlans.id, id), eq(maintenancePlans.version, version)))
    .returning({ id: maintenancePlans.id });
  if (!updated) throw staleVersion('maintenance plan', await readPlan(db, scope, id, now));
}

/** Removes a plan; the work orders it raised stay (they are the plant's record), its occurrences go. */
export async function deletePlan(db: Database, scope: Scope, id: number) {
  await readPlanRow(db, scope, id);
  await db
    .delete(maintenancePlans)
    .where(and(eq(maintenancePlans.id, id), eq(maintenancePlans.organizationId, scope.organizationId)));
}
