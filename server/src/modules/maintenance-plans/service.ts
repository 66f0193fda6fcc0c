import type {
  Forecast,
  ForecastConditionPlan,
  ForecastOccurrence,
  ForecastQuery,
  Plan,
} from '@common/schemas/maintenance-plans';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { maintenancePlans } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { notFound } from '../../plugins/errors';
import { valveFigures } from '../analytics';
import { historyOf, nextDueDay } from './generate';
import { meterForecast } from './meters';
import { addMonths, calendarOccurrences, endOfPlantDay, plantDay } from './recurrence';
import { valvesOfTarget } from './targets';

export const PLAN_NOT_FOUND = 'Maintenance plan not found';
/** The forecast's longest answer: a plan over thousands of valves is narrowed by plan or valve. */
const FORECAST_CAP = 5000;

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

/**
 * The coming months of the active plans, day by day: calendar plans' occurrences exactly, meter plans' estimated
 * from the meter's rate. Condition plans cannot be foreseen: they are listed apart, as "on condition". Completion-counted plans are shown
 * from their last completion (work done late moves the rest).
 */
export async function forecastPlans(
  db: Database,
  scope: Scope,
  query: ForecastQuery,
  now = new Date(),
): Promise<Forecast> {
  const rows = await db
    .select()
    .from(maintenancePlans)
    .where(
      and(
        eq(maintenancePlans.organizationId, scope.organizationId),
        eq(maintenancePlans.active, true),
        query.planId ? eq(maintenancePlans.id, query.planId) : undefined,
      ),
    )
    .orderBy(asc(maintenancePlans.id));
  const fromDay = now.toISOString().slice(0, 10);
  const untilDay = addMonths(fromDay, query.months);
  const horizonDays = (Date.parse(untilDay) - Date.parse(fromDay)) / 86_400_000;
  const histories = await historyOf(
    db,
    rows.map((r) => r.id),
  );
  const out: ForecastOccurrence[] = [];
  const onCondition: ForecastConditionPlan[] = [];
  let truncated = false;
  for (const plan of rows) {
    const planValves = (await valvesOfTarget(db, scope, plan.target)).filter(
      (v) => !query.valveId || v.id === query.valveId,
    );
    if (plan.trigger.kind === 'condition') {
      if (planValves.length) {
        onCondition.push({
          planId: plan.id,
          planTitle: plan.title,
          priority: plan.priority,
          measure: plan.trigger.measure,
          threshold: plan.trigger.threshold,
          valveCount: planValves.length,
          valveTags: planValves.slice(0, 20).map((v) => v.valveId),
        });
      }
      continue;
    }
    const figures =
      plan.trigger.kind === 'meter'
        ? await valveFigures(
            db,
            plan.organizationId,
            planValves.map((v) => v.id),
          )
        : new Map();
    const base = { planId: plan.id, planTitle: plan.title, priority: plan.priority };
    for (const valve of planValves) {
      const ofValve = { ...base, valveId: valve.id, valveTag: valve.valveId, plant: valve.plant };
      if (plan.trigger.kind === 'calendar') {
        const history = histories.get(`${plan.id}:${valve.id}`);
        for (const o of calendarOccurrences(plan.trigger, {
          timeZone: plan.timeZone,
          fromDay: plantDay(now, plan.timeZone),
          untilDay,
          lastCompletedAt: history?.lastCompletedAt,
          limit: 400,
        })) {
          out.push({ ...ofValve, day: o.day, dueAt: o.dueAt.toISOString(), kind: 'calendar', estimated: false });
        }
      } else {
        for (const m of meterForecast(plan.trigger, figures.get(valve.id) ?? noFigures, horizonDays)) {
          const at = new Date(now.getTime() + m.inDays * 86_400_000);
          const day = plantDay(at, plan.timeZone);
          out.push({
            ...ofValve,
            day,
            dueAt: endOfPlantDay(day, plan.timeZone).toISOString(),
            kind: 'meter',
            estimated: true,
          });
        }
      }
      if (out.length > FORECAST_CAP) {
        truncated = true;
        break;
      }
    }
    if (truncated) break;
  }
  out.sort((a, b) => a.day.localeCompare(b.day) || a.valveTag.localeCompare(b.valveTag));
  return { from: fromDay, until: untilDay, occurrences: out.slice(0, FORECAST_CAP), onCondition, truncated };
}

const noFigures = {
  operatingHours: null,
  cycleCount: null,
  failureProbability: null,
  healthScore: null,
  anomalies: 0,
  assessedAt: null,
};
