import { describe, expect, it } from 'vitest';
import { type PlanFormValues, planBody, planValues } from './plan-form-values';

const values: PlanFormValues = {
  title: 'Quarterly stroke test',
  priority: 'medium',
  targetKind: 'tags',
  valveTags: 'v-001-bv, V-002-GV  V-003-CV',
  plant: '',
  valveType: '',
  triggerKind: 'calendar',
  every: '3',
  unit: 'month',
  rrule: '',
  startDate: '2026-12-01',
  countFrom: 'fixed',
  meter: 'operating_hours',
  meterEvery: '',
  meterLead: '',
  leadDays: '7',
  skipIfOpen: true,
  timeZone: 'America/Chicago',
};

describe('planBody', () => {
  it('splits the tag list and reads the interval', () => {
    expect(planBody(values)).toMatchObject({
      target: { valveTags: ['V-001-BV', 'V-002-GV', 'V-003-CV'] },
      trigger: { kind: 'calendar', every: { count: 3, unit: 'month' }, startDate: '2026-12-01' },
      leadDays: 7,
    });
  });

  it('sends a rule instead of the interval, and a meter with its lead', () => {
    expect(planBody({ ...values, rrule: ' FREQ=MONTHLY;BYDAY=1MO ' }).trigger).toEqual({
      kind: 'calendar',
      rrule: 'FREQ=MONTHLY;BYDAY=1MO',
      startDate: '2026-12-01',
      countFrom: 'fixed',
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

  it("keeps a condition plan's trigger out of the body: the form does not edit it", () => {
    const watched = { ...saved, trigger: { kind: 'condition' as const, measure: 'anomalies' as const, threshold: 2 } };
    const values = planValues(watched, BLANK);
    expect(values.triggerKind).toBe('condition');
    expect(planBody(values).trigger).toBeUndefined();
  });
});
