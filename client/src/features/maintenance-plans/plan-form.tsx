import { PLANTS, VALVE_TYPES, WORK_ORDER_PRIORITIES } from '@common/constants';
import {
  CALENDAR_UNITS,
  PLAN_METERS,
  PLANT_TIME_ZONES,
  type Plan,
  planCreateBody,
  planUpdateBody,
} from '@common/schemas/maintenance-plans';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { readApiError } from '@/lib/api-error';
import { checkAgainst } from '@/lib/contract-check';
import { localDay } from '@/lib/format';
import { useCreatePlan, useUpdatePlan } from './api/create-plan';
import { type PlanFormValues, planBody, planValues } from './plan-form-values';
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

/** The first message per contract path ('trigger.every.count'), and the ones no field shows. */
function byPath(issues: { path: string; message: string }[]) {
  const out: Record<string, string> = {};
  for (const i of issues) out[i.path] ??= i.message;
  return out;
}

/** The parts of a changed plan to send: what differs from what it was (a one-valve target the form cannot show stays). */
function changedParts(values: PlanFormValues, initial: PlanFormValues, version: number) {
  const body = planBody(values) as Record<string, unknown>;
  const before = planBody(initial) as Record<string, unknown>;
  for (const key of ['target', 'trigger'])
    if (JSON.stringify(body[key]) === JSON.stringify(before[key])) delete body[key];
  return { ...body, version };
}

/**
 * A new plan, or a change to `plan`: which valves, what makes it due, how early to raise the work. Checked with
 * the contract first.
 */
export function PlanForm({ onDone, plan }: { onDone: () => void; plan?: Plan }) {
  const [initial] = useState(() => (plan ? planValues(plan, START) : START));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const saving = create.isPending || update.isPending;
  const set = <K extends keyof PlanFormValues>(key: K, value: PlanFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const error = (...paths: string[]) => paths.map((p) => errors[p]).find(Boolean);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = plan
      ? checkAgainst(planUpdateBody, changedParts(values, initial, plan.version))
      : checkAgainst(planCreateBody, planBody(values));
    if (!checked.body) {
      setErrors(byPath(checked.issues));
      return;
    }
    setErrors({});
    try {
      if (plan) await update.mutateAsync({ id: plan.id, body: checked.body as typeof planUpdateBody._output });
      else await create.mutateAsync(checked.body as typeof planCreateBody._output);
      onDone();
    } catch (failure) {
      const read = readApiError(failure);
      setErrors(byPath(read.issues));
      setFormError(read.message);
    }
  };

  return (
    <Card className="mb-4 p-4">
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-4"
        aria-label={plan ? `Edit ${plan.title}` : PLAN_TEXTS.newPlan}
      >
        <Field label="Title" required error={error('title')}>
          {(c) => (
            <Input
              {...c}
              value={values.title}
              onChange={(e) => set('title', e.target.value)}
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
            error={error('target.valveTags', 'target')}
          >
            {(c) => (
              <Input
                {...c}
                value={values.valveTags}
                autoCapitalize="characters"
                onChange={(e) => set('valveTags', e.target.value)}
              />
            )}
          </Field>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Plant" error={error('target.plant', 'target')}>
              {(c) => (
                <Select
                  {...c}
                  value={values.plant}
                  onChange={(e) => {
                    set('plant', e.target.value);
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
                <Select {...c} value={values.valveType} onChange={(e) => set('valveType', e.target.value)}>
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
              <Field label="Every" required error={error('trigger.every.count', 'trigger.every')}>
                {(c) => (
                  <Input
                    {...c}
                    inputMode="numeric"
                    value={values.every}
                    onChange={(e) => set('every', e.target.value)}
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
                  onChange={(e) => set('rrule', e.target.value)}
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
                    onChange={(e) => set('startDate', e.target.value)}
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
                  onChange={(e) => set('meterEvery', e.target.value)}
                />
              )}
            </Field>
            <Field label="Raise this much early" error={error('trigger.lead')}>
              {(c) => (
                <Input
                  {...c}
                  inputMode="numeric"
                  value={values.meterLead}
                  onChange={(e) => set('meterLead', e.target.value)}
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
                onChange={(e) => set('leadDays', e.target.value)}
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
        {formError ? (
          <p role="alert" className="text-base font-semibold text-red-700">
            {formError}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={saving}>
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
