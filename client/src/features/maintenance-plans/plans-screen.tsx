import { dayWords, triggerWords } from '@common/plan-words';
import type { Plan } from '@common/schemas/maintenance-plans';
import { FileUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { readApiError } from '@/lib/api-error';
import { usePeople } from '@/lib/people';
import { useCan } from '@/lib/session/use-can';
import { toast } from '@/lib/toast';
import { useDeletePlan } from './api/create-plan';
import { usePlanProcedures } from './api/get-plan-choices';
import { useForecast, usePlans } from './api/get-plans';
import { ConditionPlans, ForecastCalendar } from './forecast-calendar';
import { PlanForm } from './plan-form';
import { zonesToName, zoneWords } from './plant-days';
import { PLAN_TEXTS } from './texts';

/** The next due day as the plant's day, with the plant's zone when the viewer is elsewhere (issue 29). */
function nextText(plan: Plan) {
  if (!plan.nextDueDay) return 'Next: not yet known';
  const zone = zonesToName([plan.timeZone]).map(zoneWords)[0];
  return `Next: ${dayWords(plan.nextDueDay)}${zone ? ` (${zone})` : ''}`;
}

/**
 * A relief valve test on the plan's valves keeps its own date (the tag's test interval, API 510 / 576): shown beside
 * the plan's, saying why the two differ when they do (issue 28, "one due date").
 */
function reliefTestText(plan: Plan, test: Plan['reliefTests'][number]) {
  if (!test.nextDueOn) return PLAN_TEXTS.reliefTestUnset(test.tag);
  const same = plan.trigger.kind !== 'condition' && plan.nextDueDay === test.nextDueOn;
  return PLAN_TEXTS.reliefTest(test.tag, dayWords(test.nextDueOn), same);
}

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
          <div className="flex flex-wrap gap-2">
            {canEdit ? (
              <Link to="/plans/import" className={buttonClasses('outline')}>
                <FileUp className="size-5" aria-hidden="true" />
                {PLAN_TEXTS.importPlans}
              </Link>
            ) : null}
            <Button
              onClick={() => setAdding(true)}
              disabled={!canEdit || adding}
              title={canEdit ? undefined : PLAN_TEXTS.mayNotEdit}
            >
              <Plus className="size-5" aria-hidden="true" />
              {PLAN_TEXTS.newPlan}
            </Button>
          </div>
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
              <PlanCard plan={p} canEdit={canEdit} />
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
        <>
          <ConditionPlans plans={forecast.data.onCondition} />
          <ForecastCalendar occurrences={forecast.data.occurrences} from={forecast.data.from} />
        </>
      )}
    </div>
  );
}

/** One plan: what and when next; an editor changes it in place or removes it (its work orders stay). */
function PlanCard({ plan, canEdit }: { plan: Plan; canEdit: boolean }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm'>('view');
  const remove = useDeletePlan();
  const work = useWorkWords(plan);
  if (mode === 'edit') return <PlanForm plan={plan} onDone={() => setMode('view')} />;
  return (
    <Card className="p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{plan.title}</p>
          <p className="text-base text-slate-900">{triggerWords(plan.trigger)}</p>
          <p className="text-sm text-slate-600">
            {plan.valveCount} {plan.valveCount === 1 ? 'valve' : 'valves'} ·{' '}
            {plan.trigger.kind === 'condition' ? PLAN_TEXTS.onCondition : nextText(plan)}
            {plan.active ? '' : ' · paused'}
          </p>
          {work ? <p className="text-sm text-slate-600">{work}</p> : null}
          {plan.reliefTests.length ? (
            <p className="mt-1 text-sm text-slate-700">{PLAN_TEXTS.reliefTestsIntro}</p>
          ) : null}
          {plan.reliefTests.length ? (
            <ul aria-label={PLAN_TEXTS.reliefTestsOf(plan.title)} className="list-disc pl-5 text-sm text-slate-700">
              {plan.reliefTests.slice(0, 3).map((test) => (
                <li key={test.tag}>{reliefTestText(plan, test)}</li>
              ))}
              {plan.reliefTests.length > 3 ? <li>{PLAN_TEXTS.moreReliefTests(plan.reliefTests.length - 3)}</li> : null}
            </ul>
          ) : null}
        </div>
        {canEdit && mode === 'view' ? (
          <div className="flex gap-1">
            <Button variant="ghost" size="sm" onClick={() => setMode('edit')} aria-label={`Edit ${plan.title}`}>
              <Pencil className="size-4" aria-hidden="true" />
              Edit
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setMode('confirm')} aria-label={`Delete ${plan.title}`}>
              <Trash2 className="size-4" aria-hidden="true" />
              Delete
            </Button>
          </div>
        ) : null}
      </div>
      {mode === 'confirm' ? (
        <div role="alertdialog" aria-label="Delete plan" className="mt-3 grid gap-2 rounded-lg bg-red-50 p-3">
          <p className="text-base text-red-900">{PLAN_TEXTS.deleteQuestion}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(plan.id, {
                  onSuccess: () => toast({ title: PLAN_TEXTS.deleted, description: plan.title }),
                  onError: (error) =>
                    toast({ tone: 'danger', title: PLAN_TEXTS.deleteFailed, description: readApiError(error).message }),
                })
              }
            >
              Delete plan
            </Button>
            <Button variant="outline" onClick={() => setMode('view')}>
              Keep it
            </Button>
          </div>
        </div>
      ) : null}
    </Card>
  );
}

/** Who the plan's work goes to and its checklist, by name ("Assigned to Sam Lee · Procedure: Gland check"). */
function useWorkWords(plan: Plan): string | null {
  const assignees = usePeople();
  const procedures = usePlanProcedures();
  const person = assignees.data?.find((p) => p.id === plan.assignedToUserId);
  const procedure = procedures.data?.find((p) => p.id === plan.procedureId);
  const parts = [
    plan.assignedToUserId === null ? 'Unassigned' : person ? `Assigned to ${person.name}` : null,
    procedure ? `Procedure: ${procedure.name}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
