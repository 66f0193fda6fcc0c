import type { ForecastConditionPlan, ForecastOccurrence } from '@common/schemas/maintenance-plans';
import { Badge } from '@/components/ui/badge';
import { PLAN_TEXTS } from './texts';

type DayGroup = { day: string; planTitle: string; priority: string; tags: string[]; estimated: boolean };

/** The forecast by month, then by day and plan: one line per plan a day, its valves listed under it. */
export function groupForecast(occurrences: ForecastOccurrence[]) {
  const months = new Map<string, DayGroup[]>();
  for (const o of occurrences) {
    const month = o.day.slice(0, 7);
    const groups = months.get(month) ?? [];
    const last = groups.at(-1);
    if (last && last.day === o.day && last.planTitle === o.planTitle) last.tags.push(o.valveTag);
    else
      groups.push({
        day: o.day,
        planTitle: o.planTitle,
        priority: o.priority,
        tags: [o.valveTag],
        estimated: o.estimated,
      });
    months.set(month, groups);
  }
  return [...months];
}

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayName = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/** Spec-less: the 12-month forecast as a month-by-month agenda, readable at 360 px. */
export function ForecastCalendar({ occurrences }: { occurrences: ForecastOccurrence[] }) {
  const months = groupForecast(occurrences);
  if (!months.length) return <p className="text-base text-slate-600">{PLAN_TEXTS.noForecast}</p>;
  return (
    <div className="grid gap-4">
      {months.map(([month, groups]) => (
        <section key={month} aria-label={monthName(month)}>
          <h3 className="sticky top-0 bg-slate-50 py-1 text-lg font-bold text-slate-900">{monthName(month)}</h3>
          <ul className="grid gap-2">
            {groups.map((g) => (
              <li key={`${g.day}-${g.planTitle}`} className="rounded-lg border border-slate-200 bg-white p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{dayName(g.day)}</span>
                  {g.priority === 'high' ? <Badge tone="danger">High</Badge> : null}
                  {g.estimated ? <Badge tone="muted">{PLAN_TEXTS.estimated}</Badge> : null}
                </div>
                <p className="text-base text-slate-900">{g.planTitle}</p>
                <p className="text-sm break-words text-slate-600">
                  {g.tags.length > 6
                    ? `${g.tags.slice(0, 6).join(', ')} and ${g.tags.length - 6} more`
                    : g.tags.join(', ')}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

const MEASURES: Record<ForecastConditionPlan['measure'], (threshold: number) => string> = {
  failure_probability: (t) => `failure risk at ${Math.round(t * 100)}% or more`,
  health_score: (t) => `health score below ${t}`,
  anomalies: (t) => `${t} or more anomalies`,
};

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
              When {MEASURES[p.measure](p.threshold)} · {p.valveCount} {p.valveCount === 1 ? 'valve' : 'valves'}:{' '}
              {p.valveTags.slice(0, 6).join(', ')}
              {p.valveCount > 6 ? ` and ${p.valveCount - 6} more` : ''}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
