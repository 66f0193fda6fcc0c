import { endOfPlantDay } from '@common/plant-days';
import type { CalendarTrigger } from '@common/schemas/maintenance-plans';
import { describe, expect, it } from 'vitest';
import { conditionMet, meterForecast, meterMilestones } from './meters';
import { type CalendarWindow, calendarOccurrences, parseRule } from './recurrence';

const calendar = (t: Partial<CalendarTrigger>): CalendarTrigger => ({
  kind: 'calendar',
  startDate: '2026-01-31',
  countFrom: 'fixed',
  ...t,
});
const year: CalendarWindow = { timeZone: 'America/Chicago', fromDay: '2026-01-01', untilDay: '2026-12-31' };
const days = (t: CalendarTrigger, w: CalendarWindow = year) => calendarOccurrences(t, w).map((o) => o.day);

describe('calendar occurrences', () => {
  it('keeps a monthly plan from Jan 31 on the last day of short months, without drifting to the 28th', () => {
    expect(days(calendar({ every: { count: 1, unit: 'month' } })).slice(0, 5)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
  });

  it('gives Feb 29 in a leap year and the 28th otherwise for a yearly plan from Feb 29', () => {
    const t = calendar({ startDate: '2024-02-29', every: { count: 1, unit: 'year' } });
    expect(days(t, { ...year, fromDay: '2024-01-01', untilDay: '2028-12-31' })).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  it('falls due at the end of the plant day, 23:59 local on both sides of a DST change', () => {
    const [march, april] = calendarOccurrences(
      calendar({ startDate: '2026-03-07', every: { count: 1, unit: 'week' } }),
      {
        ...year,
        fromDay: '2026-03-07',
        untilDay: '2026-03-14',
      },
    );
    // Chicago: CST (UTC-6) on March 7, CDT (UTC-5) from March 8.
    expect(march.dueAt.toISOString()).toBe('2026-03-08T05:59:59.999Z');
    expect(april.day).toBe('2026-03-14');
    expect(april.dueAt.toISOString()).toBe('2026-03-15T04:59:59.999Z');
    expect(endOfPlantDay('2026-11-01', 'America/Chicago').toISOString()).toBe('2026-11-02T05:59:59.999Z');
  });

  it('counts every 7 days as calendar days across DST, never an hour off into the next day', () => {
    const t = calendar({ startDate: '2026-10-25', every: { count: 7, unit: 'day' } });
    expect(days(t, { timeZone: 'Europe/Berlin', fromDay: '2026-10-20', untilDay: '2026-11-10' })).toEqual([
      '2026-10-25',
      '2026-11-01',
      '2026-11-08',
    ]);
  });

  it('shifts a plan counted from completion to N units after the last completion', () => {
    const t = calendar({ startDate: '2026-01-01', every: { count: 3, unit: 'month' }, countFrom: 'completion' });
    expect(days(t)).toEqual(['2026-01-01', '2026-04-01', '2026-07-01', '2026-10-01']);
    // Completed late on May 20 (Chicago evening = May 21 UTC): next in August, counted from the plant's day.
    const late = { ...year, fromDay: '2026-05-21', lastCompletedAt: new Date('2026-05-21T02:30:00Z') };
    expect(days(t, late)).toEqual(['2026-08-20', '2026-11-20']);
  });

  it('reads an RRULE such as the first Monday of each quarter', () => {
    const t = calendar({ startDate: '2026-01-01', rrule: 'RRULE:FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO' });
    expect(days(t)).toEqual(['2026-01-05', '2026-04-06', '2026-07-06', '2026-10-05']);
    const fromCompletion = { ...t, countFrom: 'completion' as const };
    expect(days(fromCompletion, { ...year, lastCompletedAt: new Date('2026-02-10T15:00:00Z') })).toEqual([
      '2026-05-04',
      '2026-08-03',
      '2026-11-02',
    ]);
  });

  it('skips to the window without walking from a start far back', () => {
    const t = calendar({ startDate: '1990-01-31', every: { count: 1, unit: 'month' } });
    expect(days(t, { ...year, untilDay: '2026-03-31' })).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
  });

  it('refuses rules it cannot plan with, each with its reason', () => {
    expect(parseRule('FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO')).not.toHaveProperty('error');
    expect(parseRule('FREQ=HOURLY')).toEqual({ error: 'must repeat DAILY, WEEKLY, MONTHLY or YEARLY' });
    expect(parseRule('FREQ=FOO')).toEqual({ error: 'must repeat DAILY, WEEKLY, MONTHLY or YEARLY' });
    expect(parseRule('FREQ=MONTHLY;INTERVAL=-1')).toEqual({ error: 'INTERVAL must be a whole number from 1' });
    expect(parseRule('FREQ=MONTHLY;BYDAY=XX')).toEqual({ error: 'BYDAY must name days such as MO, 1MO or -1FR' });
    expect(parseRule('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31')).toEqual({ error: 'never falls on any day' });
    expect(parseRule('FREQ=DAILY;TZID=Europe/Paris')).toEqual({ error: 'has a part it cannot use: TZID=Europe/Paris' });
  });
});

describe('meter and condition plans', () => {
  const meter = { kind: 'meter' as const, meter: 'cycles' as const, every: 1000, lead: 100 };
  it('is due a lead before the milestone, and stays on it until the next', () => {
    expect(meterMilestones(meter, 2850)).toEqual({ passed: 2000, due: 2000 });
    expect(meterMilestones(meter, 2950)).toEqual({ passed: 2000, due: 3000 });
    expect(meterMilestones(meter, 3050)).toEqual({ passed: 3000, due: 3000 });
  });

  it('forecasts milestones at the average rate of the meter', () => {
    const figures = {
      operatingHours: 2400,
      cycleCount: 5000,
      failureProbability: null,
      healthScore: null,
      anomalies: 0,
    };
    // 5000 cycles in 100 days: 50 a day; 5000 → 6000 in 20 days.
    expect(meterForecast(meter, figures, 45)).toEqual([
      { milestone: 6000, inDays: 20 },
      { milestone: 7000, inDays: 40 },
    ]);
  });

  it('crosses thresholds in the direction each measure worsens', () => {
    const f = { operatingHours: 1, cycleCount: 1, failureProbability: 0.3, healthScore: 45, anomalies: 2 };
    expect(conditionMet({ kind: 'condition', measure: 'failure_probability', threshold: 0.25 }, f)).toBe(true);
    expect(conditionMet({ kind: 'condition', measure: 'health_score', threshold: 40 }, f)).toBe(false);
    expect(conditionMet({ kind: 'condition', measure: 'anomalies', threshold: 2 }, f)).toBe(true);
  });
});
