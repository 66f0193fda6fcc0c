import { Plus } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCan } from '@/lib/session/use-can';
import { useForecast, usePlans } from './api/get-plans';
import { ForecastCalendar } from './forecast-calendar';
import { PlanForm } from './plan-form';
import { PLAN_TEXTS } from './texts';

const dueText = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { day: 'numeric', month: 'short', year: 'numeric' }) : 'N/A';

/** Preventive plans and what they will raise over the next 12 months (issue 21). */
export function PlansScreen() {
  const canEdit = useCan('plans:edit');
  const [adding, setAdding] = useState(false);
  const plans = usePlans();
  const forecast = useForecast();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={PLAN_TEXTS.title}
        action={
          <Button
            onClick={() => setAdding(true)}
            disabled={!canEdit || adding}
            title={canEdit ? undefined : PLAN_TEXTS.mayNotEdit}
          >
            <Plus className="size-5" aria-hidden="true" />
            {PLAN_TEXTS.newPlan}
          </Button>
        }
      />
      {adding ? <PlanForm onDone={() => setAdding(false)} /> : null}
      {plans.isPending ? (
        <Skeleton className="h-24" />
      ) : plans.isError ? (
        <LoadError error={plans.error} onRetry={() => plans.refetch()} />
      ) : plans.data.length === 0 ? (
        <EmptyState>{PLAN_TEXTS.noPlans}</EmptyState>
      ) : (
        <ul className="grid gap-2" aria-label="Plans">
          {plans.data.map((p) => (
            <li key={p.id}>
              <Card className="p-3">
                <p className="font-semibold text-slate-900">{p.title}</p>
                <p className="text-sm text-slate-600">
                  {p.valveCount} {p.valveCount === 1 ? 'valve' : 'valves'} · Next: {dueText(p.nextDue)}
                  {p.active ? '' : ' · paused'}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <h2 className="mt-6 mb-2 text-xl font-bold text-slate-900">{PLAN_TEXTS.forecast}</h2>
      {forecast.isPending ? (
        <Skeleton className="h-40" />
      ) : forecast.isError ? (
        <LoadError error={forecast.error} onRetry={() => forecast.refetch()} />
      ) : (
        <ForecastCalendar occurrences={forecast.data.occurrences} />
      )}
    </div>
  );
}
