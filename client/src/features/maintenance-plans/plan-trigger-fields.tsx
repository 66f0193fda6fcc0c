import { ordinalWord, ruleWords, triggerWords, WEEK_ORDINALS, WEEKDAYS } from '@common/plan-words';
import { CALENDAR_UNITS, type PLAN_CONDITIONS, PLAN_METERS, planTrigger } from '@common/schemas/maintenance-plans';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { type PlanFormValues, planBody } from './plan-form-values';

/** Monday to Friday with rrule's weekday numbers (0 is Monday): the days plant work is planned on. */
const WORKDAYS = WEEKDAYS.slice(0, 5).map((name, weekday) => ({ name, weekday }));

type Props = {
  values: PlanFormValues;
  set: <K extends keyof PlanFormValues>(key: K, value: PlanFormValues[K], path?: string) => void;
  error: (path: string) => string | undefined;
};

const MEASURE_LABELS: Record<(typeof PLAN_CONDITIONS)[number], { label: string; hint: string }> = {
  failure_probability: { label: 'Failure risk at or above', hint: 'A fraction of 1: 0.3 is a 30% risk in 30 days' },
  health_score: { label: 'Health score at or below', hint: 'From 1 to 100' },
  anomalies: { label: 'Anomalies at least', hint: 'A whole number from 1' },
};

/** What makes the plan due, in words as the supervisor types, and the one lead time that kind of plan uses. */
export function PlanTriggerFields({ values, set, error }: Props) {
  const trigger = planTrigger.safeParse(planBody(values).trigger);
  return (
    <fieldset className="grid gap-4">
      <Field label="Due by" required>
        {(c) => (
          <Select
            {...c}
            value={values.triggerKind}
            onChange={(e) => set('triggerKind', e.target.value as PlanFormValues['triggerKind'])}
          >
            <option value="calendar">Calendar</option>
            <option value="meter">Meter (hours or cycles)</option>
            <option value="condition">Condition (analytics)</option>
          </Select>
        )}
      </Field>
      {values.triggerKind === 'calendar' ? (
        <CalendarFields values={values} set={set} error={error} />
      ) : values.triggerKind === 'meter' ? (
        <MeterFields values={values} set={set} error={error} />
      ) : (
        <ConditionFields values={values} set={set} error={error} />
      )}
      {values.triggerKind === 'meter' ? null : (
        <Field
          label="Raise the work order"
          required
          hint={
            values.triggerKind === 'condition' ? 'Days after the risk is found that it is due' : 'Days before it is due'
          }
          error={error('leadDays')}
        >
          {(c) => (
            <div className="flex items-center gap-2">
              <Input
                {...c}
                className="w-24"
                inputMode="numeric"
                value={values.leadDays}
                onChange={(e) => set('leadDays', e.target.value, 'leadDays')}
              />
              <span className="text-base text-slate-700">
                days {values.triggerKind === 'condition' ? 'to do it' : 'early'}
              </span>
            </div>
          )}
        </Field>
      )}
      <p className="rounded-lg bg-slate-100 p-3 text-base text-slate-900" aria-live="polite" data-testid="plan-rhythm">
        {trigger.success ? triggerWords(trigger.data) : 'Fill in when it is due to see it in words.'}
      </p>
    </fieldset>
  );
}

function CalendarFields({ values, set, error }: Props) {
  const custom = values.pattern === 'custom';
  return (
    <>
      {custom ? (
        <div className="grid gap-2 rounded-lg border border-slate-200 p-3">
          <p className="text-base text-slate-900">{ruleWords(values.rrule) ?? 'A custom recurrence'}</p>
          <p className="text-sm text-slate-600">Set through the API. Choose an interval below to replace it.</p>
        </div>
      ) : null}
      <div className="grid grid-cols-2 gap-4">
        <Field label="Every" required error={error('trigger.every')}>
          {(c) => (
            <Input
              {...c}
              inputMode="numeric"
              value={values.every}
              onChange={(e) => {
                set('every', e.target.value, 'trigger.every');
                if (custom) set('pattern', 'interval');
              }}
            />
          )}
        </Field>
        <Field label="Unit" required>
          {(c) => (
            <Select
              {...c}
              value={values.unit}
              onChange={(e) => {
                set('unit', e.target.value);
                if (custom) set('pattern', 'interval');
              }}
            >
              {CALENDAR_UNITS.map((u) => (
                <option key={u} value={u}>
                  {u}s
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {values.unit === 'month' && !custom ? (
        <Field label="On" required error={error('trigger.rrule')}>
          {(c) => (
            <Select
              {...c}
              value={values.pattern === 'weekday' ? `${values.ordinal}:${values.weekday}` : 'start'}
              onChange={(e) => {
                if (e.target.value === 'start') return set('pattern', 'interval', 'trigger.rrule');
                const [ordinal, weekday] = e.target.value.split(':');
                set('pattern', 'weekday', 'trigger.rrule');
                set('ordinal', ordinal);
                set('weekday', weekday);
              }}
            >
              <option value="start">The start date's day of the month</option>
              {WEEK_ORDINALS.flatMap((n) =>
                WORKDAYS.map((d) => (
                  <option key={`${n}:${d.weekday}`} value={`${n}:${d.weekday}`}>
                    The {ordinalWord(n)} {d.name}
                  </option>
                )),
              )}
            </Select>
          )}
        </Field>
      ) : null}
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
  );
}

function MeterFields({ values, set, error }: Props) {
  const unit = values.meter === 'cycles' ? 'cycles' : 'hours';
  return (
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
      <Field label={`Every (${unit})`} required error={error('trigger.every')}>
        {(c) => (
          <Input
            {...c}
            inputMode="numeric"
            value={values.meterEvery}
            onChange={(e) => set('meterEvery', e.target.value, 'trigger.every')}
          />
        )}
      </Field>
      <Field label="Raise the work order" hint={`${unit} before the meter reaches it`} error={error('trigger.lead')}>
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
  );
}

function ConditionFields({ values, set, error }: Props) {
  const measure = MEASURE_LABELS[values.measure as keyof typeof MEASURE_LABELS] ?? MEASURE_LABELS.failure_probability;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Watch" required error={error('trigger.measure')}>
        {(c) => (
          <Select {...c} value={values.measure} onChange={(e) => set('measure', e.target.value, 'trigger.threshold')}>
            <option value="failure_probability">Failure risk (30 days)</option>
            <option value="health_score">Health score</option>
            <option value="anomalies">Anomalies</option>
          </Select>
        )}
      </Field>
      <Field label={measure.label} required hint={measure.hint} error={error('trigger.threshold')}>
        {(c) => (
          <Input
            {...c}
            inputMode="decimal"
            value={values.threshold}
            onChange={(e) => set('threshold', e.target.value, 'trigger.threshold')}
          />
        )}
      </Field>
    </div>
  );
}
