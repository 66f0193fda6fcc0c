import { endOfPlantDay, plantDay } from '@common/plant-days';
import type {
  Forecast,
  ForecastConditionPlan,
  ForecastOccurrence,
  ForecastQuery,
} from '@common/schemas/maintenance-plans';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { maintenancePlans } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { valveFigures } from '../analytics';
import { historyOf } from './generate';
import { meterForecast, meterKey } from './meters';
import { addMonths, calendarOccurrences } from './recurrence';
import { valvesOfTarget } from './targets';

/** The forecast's longest answer: a plan over thousands of valves is narrowed by plan or valve. */
const FORECAST_CAP = 5000;
const DAY_MS = 86_400_000;

type Raised = {
  key: string;
  dueAt: Date;
  completedAt: Date | null;
  workOrder: { id: number; number: string; status: string };
};

/**
 * The occurrences plans have raised work for, due or completed since `since` (cancelled work aside), by plan and
 * valve: a finished one stays in the forecast as done, with its work order (issue 29), and a raised one shows its
 * work order instead of a projection of the same day.
 */
async function raisedSince(db: Database, planIds: number[], since: Date): Promise<Map<string, Raised[]>> {
  const out = new Map<string, Raised[]>();
  if (!planIds.length) return out;
  const rows = await rowsOf<{
    plan_id: number;
    valve_id: number;
    key: string;
    due_at: string;
    id: number;
    number: string;
    status: string;
    completed_at: string | null;
  }>(
    db,
    sql`select o.plan_id, o.valve_id, o.key, o.due_at, w.id, w.work_order_id as number, w.status, w.completed_at
    from maintenance_plan_occurrences o join work_orders w on w.id = o.work_order_id
    where o.plan_id in (${sql.join(
      planIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and w.status <> 'cancelled'
      and (o.due_at >= ${since.toISOString()}::timestamptz or w.completed_at >= ${since.toISOString()}::timestamptz)`,
  );
  for (const r of rows) {
    const list = out.get(`${r.plan_id}:${r.valve_id}`) ?? [];
    list.push({
      key: r.key,
      dueAt: new Date(r.due_at),
      completedAt: r.completed_at === null ? null : new Date(r.completed_at),
      workOrder: { id: r.id, number: r.number, status: r.status },
    });
    out.set(`${r.plan_id}:${r.valve_id}`, list);
  }
  return out;
}

/**
 * The current month and the coming ones of the active plans, day by day: calendar plans' occurrences exactly, meter
 * plans' estimated from the meter's rate, and what was raised or done since the month began with its work order.
 * Condition plans cannot be foreseen: they are listed apart, as "on condition" (their raised work shows by its day).
 * Completion-counted plans are shown from their last completion (work done late moves the rest).
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
  const todayUtc = now.toISOString().slice(0, 10);
  // Each plan's month begins on the 1st of its plant's day (at 18:00 in Chicago on 30 November, November is under way
  // there though UTC has turned); the forecast is shown from the earliest of them.
  const monthOf = (zone: string) => `${plantDay(now, zone).slice(0, 7)}-01`;
  const fromDay = rows.length ? rows.map((plan) => monthOf(plan.timeZone)).sort()[0] : monthOf('UTC');
  const untilDay = addMonths(todayUtc, query.months);
  const horizonDays = (Date.parse(untilDay) - Date.parse(todayUtc)) / DAY_MS;
  const planIds = rows.map((r) => r.id);
  const histories = await historyOf(db, planIds);
  // A day's slack before the month: a plant's day is not UTC's, and what falls before its month is dropped below.
  const raised = await raisedSince(db, planIds, new Date(Date.parse(fromDay) - DAY_MS));
  const out: ForecastOccurrence[] = [];
  const onCondition: ForecastConditionPlan[] = [];
  let truncated = false;
  for (const plan of rows) {
    const planValves = (await valvesOfTarget(db, scope, plan.target)).filter(
      (v) => !query.valveId || v.id === query.valveId,
    );
    const trigger = plan.trigger;
    const zone = plan.timeZone;
    const planFromDay = monthOf(zone);
    if (trigger.kind === 'condition' && planValves.length) {
      onCondition.push({
        planId: plan.id,
        planTitle: plan.title,
        priority: plan.priority,
        measure: trigger.measure,
        threshold: trigger.threshold,
        valveCount: planValves.length,
        valveTags: planValves.slice(0, 20).map((v) => v.valveId),
      });
    }
    const figures =
      trigger.kind === 'meter'
        ? await valveFigures(
            db,
            plan.organizationId,
            planValves.map((v) => v.id),
          )
        : new Map();
    const base = { planId: plan.id, planTitle: plan.title, priority: plan.priority, timeZone: zone };
    for (const valve of planValves) {
      const ofValve = { ...base, valveId: valve.id, valveTag: valve.valveId, plant: valve.plant, kind: trigger.kind };
      const shown = new Set<string>();
      for (const r of raised.get(`${plan.id}:${valve.id}`) ?? []) {
        const day = plantDay(r.dueAt, zone);
        const completedOn = r.completedAt && plantDay(r.completedAt, zone);
        if (day < planFromDay && !(completedOn && completedOn >= planFromDay)) continue;
        shown.add(r.key);
        const workOrder = { ...r.workOrder, completedOn };
        out.push({ ...ofValve, day, dueAt: endOfPlantDay(day, zone).toISOString(), estimated: false, workOrder });
      }
      if (trigger.kind === 'calendar') {
        const history = histories.get(`${plan.id}:${valve.id}`);
        for (const o of calendarOccurrences(trigger, {
          timeZone: zone,
          fromDay: plantDay(now, zone),
          untilDay,
          lastCompletedAt: history?.lastCompletedAt,
          limit: 400,
        })) {
          if (shown.has(o.day)) continue;
          out.push({ ...ofValve, day: o.day, dueAt: o.dueAt.toISOString(), estimated: false, workOrder: null });
        }
      } else if (trigger.kind === 'meter') {
        for (const m of meterForecast(trigger, figures.get(valve.id) ?? noFigures, horizonDays)) {
          if (shown.has(meterKey(trigger, m.milestone))) continue;
          const day = plantDay(new Date(now.getTime() + m.inDays * DAY_MS), zone);
          out.push({
            ...ofValve,
            day,
            dueAt: endOfPlantDay(day, zone).toISOString(),
            estimated: true,
            workOrder: null,
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
