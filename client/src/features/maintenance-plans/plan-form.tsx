import { WORK_ORDER_PRIORITIES } from '@common/constants';
import type { Plan } from '@common/schemas/maintenance-plans';
import type { Plant } from '@common/schemas/plants';
import { roleLabel } from '@common/texts';
import { useState } from 'react';
import { FormProblemAlert } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeletons } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/components/use-contract-form';
import { contractSchemas } from '@/lib/contract-schemas';
import { usePeople } from '@/lib/people';
import { activePlantNames, mainZone, plantZone, typeNames, usePlants, useValveTypes, withChosen } from '@/lib/plants';
import { useCreatePlan, useUpdatePlan } from './api/create-plan';
import { usePlanProcedures } from './api/get-plan-choices';
import { changedParts, fieldsOf, type PlanFormValues, planBody, planValues } from './plan-form-values';
import { PlanTriggerFields } from './plan-trigger-fields';
import { plantToday, viewerZone } from './plant-days';
import { PLAN_TEXTS } from './texts';

const START: Omit<PlanFormValues, 'startDate' | 'timeZone'> = {
  title: '',
  description: '',
  priority: 'medium',
  assignedToUserId: '',
  procedureId: '',
  targetKind: 'tags',
  valveTags: '',
  plant: '',
  valveType: '',
  triggerKind: 'calendar',
  every: '3',
  unit: 'month',
  pattern: 'interval',
  ordinal: '1',
  weekday: '0',
  rrule: '',
  countFrom: 'fixed',
  meter: 'operating_hours',
  meterEvery: '4380',
  meterLead: '240',
  measure: 'failure_probability',
  threshold: '0.3',
  leadDays: '7',
  skipIfOpen: true,
};

/** A new plan in `zone`, from today there: plan days are the plant's, not the viewer's. */
const startIn = (zone: string): PlanFormValues => ({ ...START, startDate: plantToday(zone), timeZone: zone });

/**
 * A new plan, or a change to `plan`: which valves, what makes it due, how early to raise the work. Checked with
 * the contract first.
 */
export function PlanForm(props: { onDone: () => void; plan?: Plan }) {
  const plants = usePlants();
  if (plants.isPending) return <Skeletons count={3} label={PLAN_TEXTS.loadingPlants} itemClassName="h-16" />;
  return <PlanFormFor {...props} plants={plants.data} />;
}

function PlanFormFor({ onDone, plan, plants }: { onDone: () => void; plan?: Plan; plants: Plant[] | undefined }) {
  const [initial] = useState(() => {
    const start = startIn(mainZone(plants, viewerZone()));
    return plan ? planValues(plan, start) : start;
  });
  const [values, setValues] = useState(initial);
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const types = useValveTypes().data;
  const form = useContractForm({
    schemas: contractSchemas.maintenancePlans,
    fields: fieldsOf(values),
    failedTitle: PLAN_TEXTS.saveFailed,
    checkTitle: PLAN_TEXTS.checkFields,
  });
  const busy = create.isPending || update.isPending || form.checking;
  const set = <K extends keyof PlanFormValues>(key: K, value: PlanFormValues[K], path?: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (path) form.clear(path);
  };
  const error = (path: string) => form.errors[path];

  const send = async () => {
    const refused = (failure: unknown) => form.refuse(failure);
    if (plan) {
      const body = await form.check((s) => s.planUpdateBody, changedParts(values, initial, plan.version));
      if (body) update.mutate({ id: plan.id, body }, { onSuccess: onDone, onError: refused });
      return;
    }
    const body = await form.check((s) => s.planCreateBody, planBody(values));
    if (body) create.mutate(body, { onSuccess: onDone, onError: refused });
  };

  return (
    <Card className="mb-4 p-4">
      <form
        ref={form.ref}
        onSubmit={(event) => form.submit(event, busy, send)}
        noValidate
        className="grid gap-4"
        aria-label={plan ? `Edit ${plan.title}` : PLAN_TEXTS.newPlan}
      >
        <Field label="Title" required error={error('title')}>
          {(c) => (
            <Input
              {...c}
              value={values.title}
              onChange={(e) => set('title', e.target.value, 'title')}
              placeholder="Quarterly stroke test"
            />
          )}
        </Field>
        <Field label="Valves" required>
          {(c) => (
            <Select
              {...c}
              value={values.targetKind}
              onChange={(e) => set('targetKind', e.target.value as PlanFormValues['targetKind'])}
            >
              <option value="tags">By tag list</option>
              <option value="group">By plant and type</option>
            </Select>
          )}
        </Field>
        {values.targetKind === 'tags' ? (
          <Field
            label="Valve tags"
            required
            hint="Separated by commas, e.g. V-001-BV, V-002-GV"
            error={error('target.valveTags')}
          >
            {(c) => (
              <Input
                {...c}
                value={values.valveTags}
                autoCapitalize="characters"
                onChange={(e) => set('valveTags', e.target.value, 'target.valveTags')}
              />
            )}
          </Field>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Plant" error={error('target.plant')}>
              {(c) => (
                <Select
                  {...c}
                  value={values.plant}
                  onChange={(e) => {
                    set('plant', e.target.value, 'target.plant');
                    // The plan's days follow the chosen plant's zone; every plant keeps the organization's.
                    set(
                      'timeZone',
                      e.target.value ? plantZone(plants, e.target.value) : mainZone(plants, viewerZone()),
                    );
                  }}
                >
                  <option value="">Every plant</option>
                  {withChosen(activePlantNames(plants), values.plant).map((p) => (
                    <option key={p}>{p}</option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Valve type" error={error('target.valveType')}>
              {(c) => (
                <Select
                  {...c}
                  value={values.valveType}
                  onChange={(e) => set('valveType', e.target.value, 'target.valveType')}
                >
                  <option value="">Every type</option>
                  {withChosen(typeNames(types), values.valveType).map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
        )}
        <PlanTriggerFields values={values} set={set} error={error} />
        <Field label="Priority" required>
          {(c) => (
            <Select {...c} value={values.priority} onChange={(e) => set('priority', e.target.value)}>
              {WORK_ORDER_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {p[0].toUpperCase() + p.slice(1)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <PlanWorkFields values={values} set={set} error={error} />
        <label className="flex min-h-12 items-center gap-3 text-base text-slate-900">
          <input
            type="checkbox"
            className="size-6"
            checked={values.skipIfOpen}
            onChange={(e) => set('skipIfOpen', e.target.checked)}
          />
          Skip while its last work order is still open
        </label>
        <FormProblemAlert problem={form.alert} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {PLAN_TEXTS.save}
          </Button>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}

type Fields = {
  values: PlanFormValues;
  set: <K extends keyof PlanFormValues>(key: K, value: PlanFormValues[K], path?: string) => void;
  error: (path: string) => string | undefined;
};

/** What each work order the plan raises carries: who does it, the checklist, and what to do. */
function PlanWorkFields({ values, set, error }: Fields) {
  const assignees = usePeople();
  const procedures = usePlanProcedures();
  return (
    <>
      <Field
        label="Assign to"
        error={error('assignedToUserId')}
        hint={assignees.isError ? PLAN_TEXTS.choicesFailed : undefined}
      >
        {(c) => (
          <Select
            {...c}
            value={values.assignedToUserId}
            onChange={(e) => set('assignedToUserId', e.target.value, 'assignedToUserId')}
          >
            <option value="">Nobody yet (assign each work order)</option>
            {(assignees.data ?? []).map((person) => (
              <option key={person.id} value={String(person.id)}>
                {person.name} ({roleLabel(person.role)})
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label="Procedure"
        error={error('procedureId')}
        hint={procedures.isError ? PLAN_TEXTS.choicesFailed : 'Its checklist comes with each work order'}
      >
        {(c) => (
          <Select {...c} value={values.procedureId} onChange={(e) => set('procedureId', e.target.value, 'procedureId')}>
            <option value="">No procedure</option>
            {(procedures.data ?? []).map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name} ({p.stepCount} {p.stepCount === 1 ? 'step' : 'steps'})
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Description" error={error('description')} hint="What to do: it is the work order's description">
        {(c) => (
          <Textarea
            {...c}
            rows={3}
            value={values.description}
            onChange={(e) => set('description', e.target.value, 'description')}
          />
        )}
      </Field>
    </>
  );
}
