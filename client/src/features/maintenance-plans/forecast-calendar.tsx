import { conditionWords, dayWords } from '@common/plan-words';
import type { ForecastConditionPlan, ForecastOccurrence } from '@common/schemas/maintenance-plans';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { zonesToName, zoneWords } from './plant-days';
import { PLAN_TEXTS } from './texts';

type WorkOrder = NonNullable<ForecastOccurrence['workOrder']>;
type DayGroup = {
  day: string;
  planTitle: string;
  priority: string;
  tags: string[];
  estimated: boolean;
  /** Raised work: each valve's work order (done ones with their completion day). */
  workOrders: WorkOrder[];
  done: boolean;
};

/**
 * The forecast by month, then by day and plan: one line per plan a day, its valves listed under it. Work done is a
 * line of its own beside what is still to do on that day.
 */
export function groupForecast(occurrences: ForecastOccurrence[]) {
  const months = new Map<string, DayGroup[]>();
  for (const o of occurrences) {
    const month = o.day.slice(0, 7);
    const groups = months.get(month) ?? [];
    const done = o.workOrder?.completedOn != null;
    const same = groups.find((g) => g.day === o.day && g.planTitle === o.planTitle && g.done === done);
    if (same) {
      same.tags.push(o.valveTag);
      if (o.workOrder) same.workOrders.push(o.workOrder);
    } else
      groups.push({
        day: o.day,
        planTitle: o.planTitle,
        priority: o.priority,
        tags: [o.valveTag],
        estimated: o.estimated,
        workOrders: o.workOrder ? [o.workOrder] : [],
        done,
      });
    months.set(month, groups);
  }
  return [...months];
}

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
// A plant day is named as it is (read at UTC midnight and shown in UTC): no viewer's zone moves it.
const dayName = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

const tagList = (tags: string[]) =>
  tags.length > 6 ? `${tags.slice(0, 6).join(', ')} and ${tags.length - 6} more` : tags.join(', ');

/** Spec-less: this month and the next 12 as a month-by-month agenda, readable at 360 px; done work stays, marked. */
export function ForecastCalendar({ occurrences, from }: { occurrences: ForecastOccurrence[]; from: string }) {
  const months = groupForecast(occurrences);
  if (!months.length) return <p className="text-base text-slate-600">{PLAN_TEXTS.noForecast}</p>;
  const zones = zonesToName(occurrences.map((o) => o.timeZone));
  return (
    <div className="grid gap-4">
      {zones.length ? (
        <p className="text-sm text-slate-600" data-testid="plant-days-note">
          {PLAN_TEXTS.plantDays} ({zones.map(zoneWords).join(', ')}), from {dayWords(from)}.
        </p>
      ) : null}
      {months.map(([month, groups]) => (
        <section key={month} aria-label={monthName(month)}>
          <h3 className="sticky top-0 bg-slate-50 py-1 text-lg font-bold text-slate-900">{monthName(month)}</h3>
          <ul className="grid gap-2">
            {groups.map((g) => (
              <li
                key={`${g.day}-${g.planTitle}-${g.done}`}
                className={
                  g.done
                    ? 'rounded-lg border border-green-200 bg-green-50 p-3'
                    : 'rounded-lg border border-slate-200 bg-white p-3'
                }
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{dayName(g.day)}</span>
                  {g.done ? <Badge tone="success">{PLAN_TEXTS.done}</Badge> : null}
                  {!g.done && g.workOrders.length ? <Badge tone="info">{PLAN_TEXTS.raised}</Badge> : null}
                  {g.priority === 'high' && !g.done ? <Badge tone="danger">High</Badge> : null}
                  {g.estimated ? <Badge tone="muted">{PLAN_TEXTS.estimated}</Badge> : null}
                </div>
                <p className="text-base text-slate-900">{g.planTitle}</p>
                <p className="text-sm break-words text-slate-600">{tagList(g.tags)}</p>
                {g.workOrders.length ? <WorkOrderLinks workOrders={g.workOrders} /> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The work orders of a line, each a link; done ones say the day they were completed. */
function WorkOrderLinks({ workOrders }: { workOrders: WorkOrder[] }) {
  return (
    <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm">
      {workOrders.slice(0, 6).map((w) => (
        <li key={w.id}>
          <Link
            to={`/work-orders/${w.id}`}
            className="inline-flex min-h-11 items-center font-semibold text-blue-800 underline"
          >
            {w.number}
          </Link>
          {w.completedOn ? <span className="text-slate-700"> done {dayWords(w.completedOn)}</span> : null}
        </li>
      ))}
      {workOrders.length > 6 ? <li className="self-center text-slate-600">and {workOrders.length - 6} more</li> : null}
    </ul>
  );
}

/** Condition plans have no dates: one "on condition" row each, with what it watches and its valves. */
export function ConditionPlans({ plans }: { plans: ForecastConditionPlan[] }) {
  if (!plans.length) return null;
  return (
    <section aria-label={PLAN_TEXTS.onCondition} className="mb-4">
      <h3 className="py-1 text-lg font-bold text-slate-900">{PLAN_TEXTS.onCondition}</h3>
      <ul className="grid gap-2">
        {plans.map((p) => (
          <li key={p.planId} className="rounded-lg border border-slate-200 bg-white p-3">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="muted">{PLAN_TEXTS.onCondition}</Badge>
              {p.priority === 'high' ? <Badge tone="danger">High</Badge> : null}
            </div>
            <p className="text-base text-slate-900">{p.planTitle}</p>
            <p className="text-sm break-words text-slate-600">
              {conditionWords({ kind: 'condition', measure: p.measure, threshold: p.threshold })} · {p.valveCount}{' '}
              {p.valveCount === 1 ? 'valve' : 'valves'}: {p.valveTags.slice(0, 6).join(', ')}
              {p.valveCount > 6 ? ` and ${p.valveCount - 6} more` : ''}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
