import { describe, expect, it } from 'vitest';
import { type PlanFormValues, planBody } from './plan-form-values';

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
