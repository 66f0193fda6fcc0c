import type { SessionUser } from '@common/schemas/auth';
import type { PlanCreateBody, PlanTarget, PlanTrigger, PlanUpdateBody } from '@common/schemas/maintenance-plans';
import { TEXTS } from '@common/texts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { maintenancePlans, users, valves } from '../../db/schema';
import { type Scope, valvesInScope } from '../../lib/scope';
import { invalidField, notFound, staleVersion } from '../../plugins/errors';
import { procedureRecords } from '../procedures';
import { generateDueWorkOrders } from './generate';
import { parseRule } from './recurrence';
import { readPlan, readPlanRow } from './service';
import { valvesOfTarget } from './targets';

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
      .where(and(valvesInScope(scope), inArray(valves.valveId, target.valveTags)));
    const known = new Set(found.map((f) => f.tag));
    const unknown = target.valveTags.filter((t) => !known.has(t));
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

/** Adds a plan, then raises at once what it makes due (within its lead) and sets its valves' next dates. */
export async function createPlan(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  body: PlanCreateBody,
  now = new Date(),
) {
  await checkPlan(db, scope, body.target, body.trigger, body.assignedToUserId, body.procedureId);
  const [row] = await db
    .insert(maintenancePlans)
    .values({
      ...body,
      organizationId: scope.organizationId,
      createdByUserId: actor.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: maintenancePlans.id });
  await generateDueWorkOrders(db, now, scope.organizationId);
  return readPlan(db, scope, row.id, now);
}

export async function updatePlan(db: Database, scope: Scope, id: number, body: PlanUpdateBody, now = new Date()) {
  const current = await readPlanRow(db, scope, id);
  if (current.version !== body.version) throw staleVersion('maintenance plan', await readPlan(db, scope, id, now));
  const { version, ...fields } = body;
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
  await generateDueWorkOrders(db, now, scope.organizationId);
  return readPlan(db, scope, id, now);
}

/** Removes a plan; the work orders it raised stay (they are the plant's record), its occurrences go. */
export async function deletePlan(db: Database, scope: Scope, id: number) {
  await readPlanRow(db, scope, id);
  await db
    .delete(maintenancePlans)
    .where(and(eq(maintenancePlans.id, id), eq(maintenancePlans.organizationId, scope.organizationId)));
}
