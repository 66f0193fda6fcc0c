import { describe, expect, it } from 'vitest';
import type { Cell } from '../../lib/cells';
import { planChange } from './import-body';
import { everyOf, readPlanRow } from './import-rows';

const read = (field: string, cell: Cell) => {
  const row = readPlanRow({ row: 1, cells: new Map([[field, { column: field, cell }]]) });
  return row.refused.length ? row.refused[0].message : row.values[field];
};

describe('how often a plan falls due, as registers write it', () => {
  it('reads "3 months", "90 days", "1 year", frequency words and a bare number of days as an interval', () => {
    expect(read('every', '3 months')).toBe('3 months');
    expect(everyOf('3 months')).toEqual({ every: { count: 3, unit: 'month' } });
    expect(everyOf('1 year')).toEqual({ every: { count: 1, unit: 'year' } });
    expect(read('every', '90 days')).toBe('90 days');
    expect(read('every', '1 Year')).toBe('1 year');
    expect(read('every', '2 wks')).toBe('2 weeks');
    expect(read('every', 'Quarterly')).toBe('3 months');
    expect(read('every', 'annually')).toBe('1 year');
    expect(read('every', 30)).toBe('30 days');
  });

  it('keeps a recurrence rule as a rule, without its RRULE: prefix, and refuses one the plans cannot use', () => {
    expect(read('every', 'rrule:freq=monthly;interval=3;byday=1MO')).toBe('FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO');
    expect(everyOf('FREQ=YEARLY')).toEqual({ rrule: 'FREQ=YEARLY' });
    expect(read('every', 'FREQ=HOURLY')).toBe(
      '"FREQ=HOURLY" is not a recurrence rule we can use: it must repeat DAILY, WEEKLY, MONTHLY or YEARLY',
    );
  });

  it('refuses what is no interval: another unit, a fraction, nothing to count', () => {
    expect(read('every', '6 fortnights')).toMatch(/^"6 fortnights" is not an interval we can read/);
    expect(read('every', '1.5 years')).toBe(
      '"1.5 years" must be a whole number from 1 to 1000 of days, weeks, months or years',
    );
    expect(read('every', '0 days')).toMatch(/must be a whole number from 1 to 1000/);
    expect(read('every', 'often')).toMatch(/is not an interval we can read/);
  });

  it('reads the other words of a plan: meters, yes and no, counted from, a tag list', () => {
    expect(read('meter', 'Running hours')).toBe('operating_hours');
    expect(read('meter', 'strokes')).toBe('cycles');
    expect(read('meterEvery', '4,380 h')).toBe(4380);
    expect(read('skipIfOpen', 'No')).toBe(false);
    expect(read('active', 'Inactive')).toBe(false);
    expect(read('active', 'maybe')).toBe('must be yes or no (or active, inactive), not "maybe"');
    expect(read('skipIfOpen', 'maybe')).toBe('must be yes or no, not "maybe"');
    expect(read('countFrom', 'Last completion')).toBe('completion');
    expect(read('valveTags', 'v-001-bv; V-002-GV, v-001-bv')).toBe('V-001-BV, V-002-GV');
  });
});

describe('a row as a plan body', () => {
  const current = {
    target: { plant: 'Gas Plant B', valveType: 'Gate Valve' },
    trigger: {
      kind: 'calendar' as const,
      every: { count: 1, unit: 'year' as const },
      startDate: '2027-03-01',
      countFrom: 'fixed' as const,
    },
  };

  it('changes a known plan only where the row does, the rest of its target and trigger kept', () => {
    const values = { title: 'Packing', plant: 'Gas Plant B', startDate: '2027-04-01' };
    expect(planChange(values, { startDate: '2027-04-01' }, current, {})).toEqual({
      change: { trigger: { ...current.trigger, startDate: '2027-04-01' } },
      problems: [],
    });
    expect(planChange({ plant: 'Power Plant A' }, { plant: 'Power Plant A' }, current, {}).change).toEqual({
      target: { plant: 'Power Plant A', valveType: 'Gate Valve' },
    });
  });

  it('makes a meter plan of a meter row, and refuses a row that says both or a start date without a calendar', () => {
    const meter = { title: 'Actuator', valve: 'V-007-GL', meter: 'cycles', meterEvery: 500 };
    expect(planChange(meter, meter, undefined, { valve: 7 }).change).toMatchObject({
      target: { valveId: 7 },
      trigger: { kind: 'meter', meter: 'cycles', every: 500, lead: 0 },
    });
    const dated = { ...meter, startDate: '2027-01-01' };
    expect(planChange(dated, dated, undefined, { valve: 7 }).problems).toEqual([
      { field: 'startDate', message: 'applies only to a plan that falls due by the calendar (Every)' },
    ]);
    const both = { ...meter, every: '1 year' };
    expect(planChange(both, both, undefined, { valve: 7 }).problems).toEqual([
      { field: 'every', message: 'give Every, or a Meter and Meter every, not both' },
    ]);
  });
});
