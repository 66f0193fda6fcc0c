import { endOfPlantDay } from '@common/plant-days';
import type { Plan } from '@common/schemas/maintenance-plans';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { maintenancePlans } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { notFound } from '../../plugins/errors';
import { valveFigures } from '../analytics';
import { reliefTestsDueOn } from '../relief-valves';
import { historyOf, nextDueDay } from './generate';
import { valvesOfTarget } from './targets';

export const PLAN_NOT_FOUND = 'Maintenance plan not found';

type PlanRow = typeof maintenancePlans.$inferSelect;

async function planJson(db: Database, scope: Scope, row: PlanRow, now: Date): Promise<Plan> {
  const planValves = await valvesOfTarget(db, scope, row.target);
  const histories = await historyOf(db, [row.id]);
  const figures =
    row.trigger.kind === 'meter'
      ? await valveFigures(
          db,
          row.organizationId,
          planValves.map((v) => v.id),
        )
      : new Map();
  let nextDue: string | null = null;
  for (const valve of planValves) {
    const history = histories.get(`${row.id}:${valve.id}`) ?? {
      lastDueAt: null,
      lastCompletedAt: null,
      openDueAt: null,
      hasOpen: false,
    };
    const day = nextDueDay(row, history, figures.get(valve.id), now);
    if (day && (!nextDue || day < nextDue)) nextDue = day;
  }
  const { organizationId: _o, createdByUserId: _c, ...fields } = row;
  return {
    ...fields,
    valveCount: planValves.length,
    nextDue: nextDue && endOfPlantDay(nextDue, row.timeZone).toISOString(),
    nextDueDay: nextDue,
    reliefTests: await reliefTestsDueOn(
      db,
      scope,
      planValves.map((v) => v.id),
    ),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function readPlanRow(db: Database, scope: Scope, id: number): Promise<PlanRow> {
  const [row] = await db
    .select()
    .from(maintenancePlans)
    .where(and(eq(maintenancePlans.organizationId, scope.organizationId), eq(maintenancePlans.id, id)));
  if (!row) throw notFound(PLAN_NOT_FOUND);
  // A plant-limited user sees (and changes) only plans that cover a valve of their plants.
  if (scope.plants !== null && !(await valvesOfTarget(db, scope, row.target)).length) throw notFound(PLAN_NOT_FOUND);
  return row;
}

export async function readPlan(db: Database, scope: Scope, id: number, now = new Date()): Promise<Plan> {
  return planJson(db, scope, await readPlanRow(db, scope, id), now);
}

/** The organization's plans, by title; a plant-limited user counts only the valves of their plants. */
export async function listPlans(db: Database, scope: Scope, now = new Date()): Promise<Plan[]> {
  const rows = await db
    .select()
    .from(maintenancePlans)
    .where(eq(maintenancePlans.organizationId, scope.organizationId))
    .orderBy(asc(maintenancePlans.title), asc(maintenancePlans.id));
  const plans = await Promise.all(rows.map((row) => planJson(db, scope, row, now)));
  return scope.plants === null ? plans : plans.filter((p) => p.valveCount > 0);
}
