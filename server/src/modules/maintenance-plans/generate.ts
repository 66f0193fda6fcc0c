/**
 * The background job: raises the work orders plans have made due, exactly once however many servers run it (the
 * occurrence's unique key is claimed in the same transaction that raises the work order), then sets each planned
 * valve's next maintenance date from its plans, so its "Next:" and the overdue figures follow the plans.
 */

import { endOfPlantDay, plantDay } from '@common/plant-days';
import type { MeterTrigger } from '@common/schemas/maintenance-plans';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, inTransaction } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { maintenancePlanOccurrences, maintenancePlans } from '../../db/schema';
import type { Job } from '../../jobs';
import { type ValveFigures, valveFigures } from '../analytics';
import { attachCurrentVersion } from '../procedures';
import { raiseNumberedWorkOrder } from '../work-orders';
import { conditionMet, meterForecast, meterKey, meterMilestones, meterValue } from './meters';
import { addDays, calendarOccurrences, laterDay } from './recurrence';
import { type TargetValve, valvesOfTarget } from './targets';

type PlanRow = typeof maintenancePlans.$inferSelect;

/** What has happened so far for one plan on one valve. */
export type History = {
  lastDueAt: Date | null;
  lastCompletedAt: Date | null;
  openDueAt: Date | null;
  hasOpen: boolean;
};
export const NO_HISTORY: History = { lastDueAt: null, lastCompletedAt: null, openDueAt: null, hasOpen: false };
const historyKey = (planId: number, valveId: number) => `${planId}:${valveId}`;

export async function historyOf(db: Database, planIds: number[]): Promise<Map<string, History>> {
  const out = new Map<string, History>();
  if (!planIds.length) return out;
  const rows = await rowsOf<{
    plan_id: number;
    valve_id: number;
    last_due: string | null;
    last_completed: string | null;
    open_due: string | null;
    has_open: boolean;
  }>(
    db,
    sql`select o.plan_id, o.valve_id, max(o.due_at) as last_due, max(w.completed_at) as last_completed,
      min(w.due_date) filter (where w.status <> 'completed') as open_due,
      coalesce(bool_or(w.status <> 'completed'), false) as has_open
    from maintenance_plan_occurrences o left join work_orders w on w.id = o.work_order_id
    where o.plan_id in (${sql.join(
      planIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by o.plan_id, o.valve_id`,
  );
  const at = (v: string | null) => (v === null ? null : new Date(v));
  for (const r of rows) {
    out.set(historyKey(r.plan_id, r.valve_id), {
      lastDueAt: at(r.last_due),
      lastCompletedAt: at(r.last_completed),
      openDueAt: at(r.open_due),
      hasOpen: r.has_open,
    });
  }
  return out;
}

const DAY_MS = 86_400_000;

/** An occurrence a plan has made due on a valve now: its key and when it falls due. */
export type Due = { key: string; dueAt: Date; baseline?: boolean };

/** The occurrences one plan has made due on one valve at `now` (pure: the caller loads plan, history, figures). */
export function dueOccurrences(plan: PlanRow, history: History, figures: ValveFigures | undefined, now: Date): Due[] {
  const zone = plan.timeZone;
  const trigger = plan.trigger;
  if (trigger.kind === 'calendar') {
    const createdDay = plantDay(plan.createdAt, zone);
    const afterLast = history.lastDueAt ? addDays(plantDay(history.lastDueAt, zone), 1) : createdDay;
    return calendarOccurrences(trigger, {
      timeZone: zone,
      fromDay: laterDay(afterLast, createdDay),
      untilDay: plantDay(new Date(now.getTime() + plan.leadDays * DAY_MS), zone),
      lastCompletedAt: history.lastCompletedAt,
      limit: 50,
    }).map((o) => ({ key: o.day, dueAt: o.dueAt }));
  }
  if (!figures) return [];
  if (trigger.kind === 'meter') {
    const current = meterValue(trigger, figures);
    if (current === null) return [];
    const { passed, due } = meterMilestones(trigger, current);
    const out: Due[] = [];
    // The first look at a valve: the milestone it has already passed is where the plan starts, not work owed.
    if (!history.lastDueAt && passed > 0) out.push({ key: meterKey(trigger, passed), dueAt: now, baseline: true });
    if (due > 0 && due > passed)
      out.push({ key: meterKey(trigger, due), dueAt: meterDueAt(trigger, figures, due, now) });
    return out;
  }
  if (!conditionMet(trigger, figures) || history.hasOpen) return [];
  const day = plantDay(figures.assessedAt ?? now, zone);
  return [{ key: `condition:${day}`, dueAt: endOfPlantDay(addDays(day, plan.leadDays), zone) }];
}

function meterDueAt(trigger: MeterTrigger, figures: ValveFigures, milestone: number, now: Date): Date {
  const ahead = meterForecast(trigger, figures, 3650).find((m) => m.milestone === milestone);
  return new Date(now.getTime() + (ahead?.inDays ?? 0) * DAY_MS);
}

/** The plant's day a plan next falls due on a valve: its open work order's, else the next occurrence's. */
export function nextDueDay(
  plan: PlanRow,
  history: History,
  figures: ValveFigures | undefined,
  now: Date,
): string | null {
  const zone = plan.timeZone;
  if (history.openDueAt) return plantDay(history.openDueAt, zone);
  if (plan.trigger.kind === 'calendar') {
    const today = plantDay(now, zone);
    const afterLast = history.lastDueAt ? addDays(plantDay(history.lastDueAt, zone), 1) : today;
    const [next] = calendarOccurrences(plan.trigger, {
      timeZone: zone,
      fromDay: laterDay(afterLast, today),
      untilDay: addDays(today, 3 * 366),
      lastCompletedAt: history.lastCompletedAt,
      limit: 1,
    });
    return next?.day ?? null;
  }
  if (plan.trigger.kind === 'meter' && figures) {
    const [next] = meterForecast(plan.trigger, figures, 3 * 366, 1);
    return next ? plantDay(new Date(now.getTime() + next.inDays * DAY_MS), zone) : null;
  }
  return null;
}

/** Claims an occurrence and raises its work order, in one transaction; false when another run claimed it first. */
async function raise(db: Database, plan: PlanRow, valve: TargetValve, due: Due, skip: boolean, now: Date) {
  return inTransaction(db, async (tx) => {
    const [claimed] = await tx
      .insert(maintenancePlanOccurrences)
      .values({
        organizationId: plan.organizationId,
        planId: plan.id,
        valveId: valve.id,
        key: due.key,
        dueAt: due.dueAt,
      })
      .onConflictDoNothing()
      .returning({ id: maintenancePlanOccurrences.id });
    if (!claimed || skip || due.baseline) return false;
    const workOrderId = await raiseNumberedWorkOrder(
      tx,
      {
        organizationId: plan.organizationId,
        valveId: valve.id,
        title: plan.title,
        description: plan.description,
        priority: plan.priority,
        dueDate: due.dueAt,
        assignedToUserId: plan.assignedToUserId,
        createdByUserId: plan.createdByUserId,
        valveTag: valve.valveId,
        plant: valve.plant,
      },
      now,
    );
    // The plan's checklist comes with its work: the procedure's version current when the work is raised.
    if (plan.procedureId !== null) {
      await attachCurrentVersion(tx, plan.organizationId, workOrderId, plan.procedureId, plan.createdByUserId);
    }
    await tx
      .update(maintenancePlanOccurrences)
      .set({ workOrderId })
      .where(eq(maintenancePlanOccurrences.id, claimed.id));
    return true;
  });
}

export type GenerationResult = { plans: number; raised: number; skipped: number; valvesUpdated: number };

/** One pass over every active plan (of one organization, or all): raise what is due, then refresh valves' dates. */
export async function generateDueWorkOrders(
  db: Database,
  now = new Date(),
  organizationId?: number,
): Promise<GenerationResult> {
  const plans = await db
    .select()
    .from(maintenancePlans)
    .where(
      and(
        eq(maintenancePlans.active, true),
        organizationId ? eq(maintenancePlans.organizationId, organizationId) : undefined,
      ),
    )
    .orderBy(maintenancePlans.id);
  const histories = await historyOf(
    db,
    plans.map((p) => p.id),
  );
  const result: GenerationResult = { plans: plans.length, raised: 0, skipped: 0, valvesUpdated: 0 };
  const next = new Map<number, string>();
  for (const plan of plans) {
    const scope = { organizationId: plan.organizationId, plants: null };
    const planValves = await valvesOfTarget(db, scope, plan.target);
    const figures =
      plan.trigger.kind === 'calendar'
        ? new Map()
        : await valveFigures(
            db,
            plan.organizationId,
            planValves.map((v) => v.id),
          );
    for (const valve of planValves) {
      let history = histories.get(historyKey(plan.id, valve.id)) ?? NO_HISTORY;
      for (const due of dueOccurrences(plan, history, figures.get(valve.id), now)) {
        const skip = plan.skipIfOpen && history.hasOpen;
        if (await raise(db, plan, valve, due, skip, now)) {
          result.raised++;
          history = { ...history, hasOpen: true, openDueAt: history.openDueAt ?? due.dueAt, lastDueAt: due.dueAt };
        } else if (skip) result.skipped++;
      }
      const day = nextDueDay(plan, history, figures.get(valve.id), now);
      const known = next.get(valve.id);
      if (day && (!known || day < known)) next.set(valve.id, day);
    }
  }
  result.valvesUpdated = await setNextMaintenance(db, next, now);
  return result;
}

/** Writes the planned valves' next maintenance day (only where it changed); a valve no longer late is active again. */
export async function setNextMaintenance(db: Database, next: Map<number, string>, now: Date): Promise<number> {
  if (!next.size) return 0;
  const ids = [...next.keys()];
  const days = ids.map((id) => next.get(id) as string);
  const today = now.toISOString().slice(0, 10);
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update valves v set next_maintenance = x.day,
      status = case when v.status = 'overdue' and x.day >= ${today}::date then 'active' else v.status end,
      version = v.version + 1, updated_at = ${now.toISOString()}::timestamptz
    from (select unnest(string_to_array(${ids.join(',')}, ',')::int[]) as id,
      unnest(string_to_array(${days.join(',')}, ',')::date[]) as day) x
    where v.id = x.id and v.next_maintenance is distinct from x.day
    returning v.id`,
  );
  return rows.length;
}

/** The job: every quarter of an hour, and at start (a plan's lead time is days; a quarter hour late is on time). */
export const maintenancePlanJob: Job = {
  name: 'maintenance-plans-generate',
  cron: '*/15 * * * *',
  runAtStart: true,
  // Issue 27, item 8: a run whose process was killed stalled generation for its 30-minute expiry. A run takes
  // seconds, and one still going at 30 s overlapping its retry is harmless (each occurrence is raised once, by its
  // key: generation-once.test.ts), so it is taken as dead after 30 s and
  // retried 5 to 10 s later: within a minute in all (jobs/queue.ts, deadRunRetriedWithin).
  expireInSeconds: 30,
  retryDelaySeconds: 5,
  run: (db) => generateDueWorkOrders(db),
};
