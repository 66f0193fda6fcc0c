import { describe, expect, it } from 'vitest';
import {
  countStanding,
  floodStanding,
  nextWeekHasBegun,
  peakStanding,
  percent,
  priorityShares,
  rateStanding,
  shiftWeek,
  weekFromUrl,
} from './performance-figures';

describe("a figure against ISA-18.2's targets", () => {
  it('reads the rate per 10 minutes: up to 1 acceptable, up to 2 the most manageable, more too many', () => {
    expect(rateStanding(0)).toBe('good');
    expect(rateStanding(1)).toBe('good');
    expect(rateStanding(1.01)).toBe('fair');
    expect(rateStanding(2)).toBe('fair');
    expect(rateStanding(2.5)).toBe('poor');
  });

  it('reads the time in flood against 1 %', () => {
    expect(floodStanding(0)).toBe('good');
    expect(floodStanding(0.0099)).toBe('good');
    expect(floodStanding(0.01)).toBe('poor');
  });

  it('calls a peak of more than 10 alarms in 10 minutes a flood', () => {
    expect(peakStanding(10)).toBe('good');
    expect(peakStanding(11)).toBe('poor');
  });

  it('takes any chattering or stale alarm as a point to fix', () => {
    expect(countStanding(0)).toBe('good');
    expect(countStanding(3)).toBe('fair');
  });

  it('writes shares as percentages', () => {
    expect(percent(0.125)).toMatch(/12[.,]5\s?%/);
    expect(percent(0)).toMatch(/0\s?%/);
  });
});

describe('priorityShares', () => {
  it("gives each priority its share of the week's alarms, most urgent first", () => {
    expect(priorityShares({ critical: 1, high: 1, medium: 3, low: 15 })).toEqual([
      { priority: 'critical', count: 1, share: 0.05 },
      { priority: 'high', count: 1, share: 0.05 },
      { priority: 'medium', count: 3, share: 0.15 },
      { priority: 'low', count: 15, share: 0.75 },
    ]);
  });

  it('has no share to give in a week without alarms', () => {
    expect(priorityShares({ critical: 0, high: 0, medium: 0, low: 0 }).map((row) => row.share)).toEqual([0, 0, 0, 0]);
  });
});

describe('the week picker', () => {
  it('steps a week at a time across months, years and clock changes', () => {
    expect(shiftWeek('2026-11-23', 1)).toBe('2026-11-30');
    expect(shiftWeek('2026-11-30', -1)).toBe('2026-11-23');
    expect(shiftWeek('2026-12-28', 1)).toBe('2027-01-04');
    expect(shiftWeek('2026-03-23', 1)).toBe('2026-03-30');
    expect(shiftWeek('2026-10-19', 2)).toBe('2026-11-02');
  });

  it('goes forward only to a week that has begun', () => {
    expect(nextWeekHasBegun('2026-11-23', '2026-11-30')).toBe(true);
    expect(nextWeekHasBegun('2026-11-23', '2026-11-29')).toBe(false);
    expect(nextWeekHasBegun('2026-11-30', '2026-12-02')).toBe(false);
  });

  it('reads a week from the address only when it is a day', () => {
    expect(weekFromUrl('2026-11-23')).toBe('2026-11-23');
    expect(weekFromUrl(null)).toBeUndefined();
    expect(weekFromUrl('last')).toBeUndefined();
    expect(weekFromUrl('2026-13-45')).toBeUndefined();
  });
});
