import { describe, expect, it } from 'vitest';
import type { Cell } from '../../lib/cells';
import { readValveRow } from './import-rows';

const interval = (cell: Cell) => {
  const read = readValveRow({ row: 1, cells: new Map([['maintenanceIntervalDays', { column: 'Interval', cell }]]) });
  return read.refused.length ? read.refused[0].message : read.values.maintenanceIntervalDays;
};

describe('a maintenance interval in every unit people write it in', () => {
  it('reads days, weeks, months (the Gregorian mean, 365.2425 / 12 days) and years, rounded to whole days', () => {
    for (const unit of ['', ' d', ' day', ' days', ' Days']) expect(interval(`90${unit}`)).toBe(90);
    for (const unit of ['w', 'wk', 'wks', 'week', 'weeks']) expect(interval(`26 ${unit}`)).toBe(182);
    for (const unit of ['mo', 'mon', 'month', 'months']) expect(interval(`6 ${unit}`)).toBe(183);
    expect(interval('1 month')).toBe(30);
    expect(interval('12 months')).toBe(365);
    for (const unit of ['y', 'yr', 'yrs', 'year', 'years']) expect(interval(`1 ${unit}`)).toBe(365);
    expect(interval('1.5 years')).toBe(548);
    expect(interval('1,095 days')).toBe(1095);
    expect(interval(180)).toBe(180);
  });

  it('refuses a unit that is not one of time and a word that is not a number', () => {
    expect(interval('6 fortnights')).toBe('"6 fortnights" is not in a unit of time (days, weeks, months, years)');
    expect(interval('6 bar')).toBe('"6 bar" is not in a unit of time (days, weeks, months, years)');
    expect(interval('often')).toBe('must be a number, not "often"');
  });
});

describe('a criticality as registers write it', () => {
  const criticality = (cell: Cell) => {
    const read = readValveRow({ row: 1, cells: new Map([['criticality', { column: 'Criticality', cell }]]) });
    return read.refused.length ? read.refused[0].message : read.values.criticality;
  };
  it('reads the ABC ranking in either case and its words', () => {
    expect(criticality('a')).toBe('A');
    expect(criticality('C')).toBe('C');
    expect(criticality('High')).toBe('A');
    expect(criticality('medium')).toBe('B');
    expect(criticality('low')).toBe('C');
  });
  it('refuses anything else, naming what it takes', () => {
    expect(criticality('D')).toBe('must be A, B or C (or high, medium, low), not "D"');
  });
});
