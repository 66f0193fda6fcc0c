import { describe, expect, it } from 'vitest';
import { type PlanFormValues, planBody, planValues } from './plan-form-values';

const values: PlanFormValues = {
  title: 'Quarterly stroke test',
  description: '',
  priority: 'medium',
  assignedToUserId: '',
  procedureId: '',
  targetKind: 'tags',
  valveTags: 'v-001-bv, V-002-GV  V-003-CV',
  plant: '',
  valveType: '',
  triggerKind: 'calendar',
  every: '3',
  unit: 'month',
  pattern: 'interval',
  ordinal: '1',
  weekday: '0',
  rrule: '',
  startDate: '2026-12-01',
  countFrom: 'fixed',
  meter: 'operating_hours',
  meterEvery: '',
  meterLead: '',
  measure: 'failure_probability',
  threshold: '0.3',
  leadDays: '7',
  skipIfOpen: true,
  timeZone: 'America/Chicago',
};

describe('planBody', () => {
  it('splits the tag list and reads the interval, the assignee, the procedure and the description', () => {
    expect(
      planBody({ ...values, assignedToUserId: '4', procedureId: '2', description: 'Stroke and time it' }),
    ).toMatchObject({
      assignedToUserId: 4,
      procedureId: 2,
      description: 'Stroke and time it',
      target: { valveTags: ['v-001-bv', 'V-002-GV', 'V-003-CV'] },
      trigger: { kind: 'calendar', every: { count: 3, unit: 'month' }, startDate: '2026-12-01' },
      leadDays: 7,
    });
  });

  it('sends the monthly weekday as its rule, a kept custom rule as it was, and a meter with its lead', () => {
    expect(planBody({ ...values, pattern: 'weekday', ordinal: '1', weekday: '0' }).trigger).toEqual({
      kind: 'calendar',
      rrule: 'FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO',
      startDate: '2026-12-01',
      countFrom: 'fixed',
    });
    // A bad count stays the interval's, so the contract's message lands under "Every".
    expect(planBody({ ...values, every: '0', pattern: 'weekday' }).trigger).toMatchObject({ every: { count: 0 } });
    expect(planBody({ ...values, pattern: 'custom', rrule: 'FREQ=WEEKLY;BYDAY=MO,FR' }).trigger).toMatchObject({
      rrule: 'FREQ=WEEKLY;BYDAY=MO,FR',
    });
    const meter = planBody({
      ...values,
      triggerKind: 'meter',
      meterEvery: '4380',
      meterLead: '240',
      targetKind: 'group',
      plant: 'Gas Plant B',
    });
    expect(meter.trigger).toEqual({ kind: 'meter', meter: 'operating_hours', every: 4380, lead: 240 });
    expect(meter.target).toEqual({ plant: 'Gas Plant B' });
  });
});

const BLANK: PlanFormValues = { ...values, valveTags: '', every: '1', unit: 'day', countFrom: 'fixed' };

describe('planValues', () => {
  const saved = {
    id: 7,
    title: 'Quarterly stroke test',
    description: '',
    priority: 'high',
    assignedToUserId: null,
    procedureId: null,
    target: { valveTags: ['V-001-BV', 'V-002-GV'] },
    trigger: {
      kind: 'calendar' as const,
      every: { count: 3, unit: 'month' as const },
      startDate: '2027-01-04',
      countFrom: 'completion' as const,
    },
    leadDays: 14,
    skipIfOpen: false,
    timeZone: 'Europe/Berlin',
    active: true,
    valveCount: 2,
    nextDue: null,
    nextDueDay: null,
    reliefTests: [],
    createdAt: '2026-11-20T12:00:00.000Z',
    updatedAt: '2026-11-20T12:00:00.000Z',
    version: 3,
  };

  it('shows a saved plan in the form and sends back the same target and trigger', () => {
    const values = planValues(saved, BLANK);
    expect(values).toEqual(
      expect.objectContaining({ valveTags: 'V-001-BV, V-002-GV', every: '3', countFrom: 'completion', leadDays: '14' }),
    );
    const body = planBody(values);
    expect(body.target).toEqual(saved.target);
    expect(body.trigger).toEqual(saved.trigger);
  });

  it("edits a condition plan's threshold, and sends who and which procedure back as ids", () => {
    const watched = {
      ...saved,
      assignedToUserId: 4,
      procedureId: 9,
      trigger: { kind: 'condition' as const, measure: 'anomalies' as const, threshold: 2 },
    };
    const values = planValues(watched, BLANK);
    expect(values).toMatchObject({ triggerKind: 'condition', threshold: '2', assignedToUserId: '4', procedureId: '9' });
    expect(planBody({ ...values, threshold: '3' })).toMatchObject({
      trigger: { kind: 'condition', measure: 'anomalies', threshold: 3 },
      assignedToUserId: 4,
      procedureId: 9,
    });
  });

  it('shows a saved "first Monday" rule as the choice, and any other rule kept as it is', () => {
    const monday = { ...saved.trigger, every: undefined, rrule: 'FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO' };
    expect(planValues({ ...saved, trigger: monday }, BLANK)).toMatchObject({
      pattern: 'weekday',
      every: '3',
      unit: 'month',
      ordinal: '1',
      weekday: '0',
    });
    const other = { ...saved.trigger, every: undefined, rrule: 'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1' };
    const values = planValues({ ...saved, trigger: other }, BLANK);
    expect(values.pattern).toBe('custom');
    expect(planBody(values).trigger).toMatchObject({ rrule: other.rrule });
  });
});
