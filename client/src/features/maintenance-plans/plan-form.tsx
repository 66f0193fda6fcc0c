import { PLANTS, VALVE_TYPES, WORK_ORDER_PRIORITIES } from '@common/constants';
import { CALENDAR_UNITS, PLAN_METERS, PLANT_TIME_ZONES, type Plan } from '@common/schemas/maintenance-plans';
import { useState } from 'react';
import { FormProblemAlert } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/components/use-contract-form';
import { contractSchemas } from '@/lib/contract-schemas';
import { localDay } from '@/lib/format';
import { useCreatePlan, useUpdatePlan } from './api/create-plan';
import { changedParts, fieldsOf, type PlanFormValues, planBody, planValues } from './plan-form-values';
import { PLAN_TEXTS } from './texts';

const START: PlanFormValues = {
  title: '',
  priority: 'medium',
  targetKind: 'tags',
  valveTags: '',
  plant: '',
  valveType: '',
  triggerKind: 'calendar',
  every: '3',
  unit: 'month',
  rrule: '',
  startDate: localDay(),
  countFrom: 'fixed',
  meter: 'operating_hours',
  meterEvery: '4380',
  meterLead: '240',
  leadDays: '7',
  skipIfOpen: true,
  timeZone: PLANT_TIME_ZONES['Power Plant A'],
};

/**
 * A new plan, or a change to `plan`: which valves, what makes it due, how early to raise the work. Checked with
 * the contract first.
 */
export function PlanForm({ onDone, plan }: { onDone: () => void; plan?: Plan }) {
  const [initial] = useState(() => (plan ? planValues(plan, START) : START));
  const [values, setValues] = useState(initial);
  const create = useCreatePlan();
  const update = useUpdatePlan();
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
                    const zone = PLANT_TIME_ZONES[e.target.value as keyof typeof PLANT_TIME_ZONES];
                    if (zone) set('timeZone', zone);
                  }}
                >
                  <option value="">Every plant</option>
                  {PLANTS.map((p) => (
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
                  {VALVE_TYPES.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
        )}
        <Field label="Due by" required>
          {(c) => (
            <Select
              {...c}
              value={values.triggerKind}
              disabled={values.triggerKind === 'condition'}
              onChange={(e) => set('triggerKind', e.target.value as PlanFormValues['triggerKind'])}
            >
              <option value="calendar">Calendar</option>
              <option value="meter">Meter (hours or cycles)</option>
              {values.triggerKind === 'condition' ? <option value="condition">On condition (analytics)</option> : null}
            </Select>
          )}
        </Field>
        {values.triggerKind === 'condition' ? null : values.triggerKind === 'calendar' ? (
          <>
            <div className="grid grid-cols-2 gap-4">
              <Field label="Every" required error={error('trigger.every')}>
                {(c) => (
                  <Input
                    {...c}
                    inputMode="numeric"
                    value={values.every}
                    onChange={(e) => set('every', e.target.value, 'trigger.every')}
                  />
                )}
              </Field>
              <Field label="Unit" required>
                {(c) => (
                  <Select {...c} value={values.unit} onChange={(e) => set('unit', e.target.value)}>
                    {CALENDAR_UNITS.map((u) => (
                      <option key={u} value={u}>
                        {u}s
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </div>
            <Field
              label="Or a recurrence rule"
              hint="Replaces the interval, e.g. FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO"
              error={error('trigger.rrule')}
            >
              {(c) => (
                <Input
                  {...c}
                  value={values.rrule}
                  autoCapitalize="characters"
                  onChange={(e) => set('rrule', e.target.value, 'trigger.rrule')}
                />
              )}
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Starting" required error={error('trigger.startDate')}>
                {(c) => (
                  <Input
                    {...c}
                    type="date"
                    value={values.startDate}
                    onChange={(e) => set('startDate', e.target.value, 'trigger.startDate')}
                  />
                )}
              </Field>
              <Field label="Counted from" required>
                {(c) => (
                  <Select {...c} value={values.countFrom} onChange={(e) => set('countFrom', e.target.value)}>
                    <option value="fixed">The start date (fixed)</option>
                    <option value="completion">The last completion</option>
                  </Select>
                )}
              </Field>
            </div>
          </>
        ) : (
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Meter" required>
              {(c) => (
                <Select {...c} value={values.meter} onChange={(e) => set('meter', e.target.value)}>
                  {PLAN_METERS.map((m) => (
                    <option key={m} value={m}>
                      {m === 'cycles' ? 'Cycle count' : 'Operating hours'}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Every" required error={error('trigger.every')}>
              {(c) => (
                <Input
                  {...c}
                  inputMode="numeric"
                  value={values.meterEvery}
                  onChange={(e) => set('meterEvery', e.target.value, 'trigger.every')}
                />
              )}
            </Field>
            <Field label="Raise this much early" error={error('trigger.lead')}>
              {(c) => (
                <Input
                  {...c}
                  inputMode="numeric"
                  value={values.meterLead}
                  onChange={(e) => set('meterLead', e.target.value, 'trigger.lead')}
                />
              )}
            </Field>
          </div>
        )}
        <div className="grid grid-cols-2 gap-4">
          <Field label="Lead days" required error={error('leadDays')}>
            {(c) => (
              <Input
                {...c}
                inputMode="numeric"
                value={values.leadDays}
                onChange={(e) => set('leadDays', e.target.value, 'leadDays')}
              />
            )}
          </Field>
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
        </div>
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
