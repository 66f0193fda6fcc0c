import { describe, expect, it } from 'vitest';
import { byBadness, groupFigures, topModeOf, unionHours, valveFigures } from './figures';

const at = (iso: string) => Date.parse(iso);
/** 2025, a whole year: 8,760 hours. */
const YEAR_2025 = { start: at('2025-01-01T00:00:00Z'), end: at('2026-01-01T00:00:00Z') };
const costs: Record<number, number> = { 1: 1200, 2: 800, 3: 500, 9: 300 };

/**
 * The worked example of docs/analytics.md ("Failures, MTBF and MTTR"): three failures in 2025, one outage shared by
 * two work orders, one that began in 2024.
 */
const worked = {
  inServiceFrom: at('2019-05-01T00:00:00Z'),
  failures: [
    { workOrderId: 1, failedAt: at('2025-03-10T08:00:00Z'), returnedAt: at('2025-03-11T08:00:00Z'), mode: 'INL' },
    { workOrderId: 2, failedAt: at('2025-07-01T00:00:00Z'), returnedAt: at('2025-07-01T12:00:00Z'), mode: 'INL' },
    { workOrderId: 3, failedAt: at('2025-11-20T06:00:00Z'), returnedAt: at('2025-11-20T12:00:00Z'), mode: 'ELP' },
  ],
  downtime: [
    { start: at('2025-03-10T08:00:00Z'), end: at('2025-03-11T08:00:00Z') },
    { start: at('2025-07-01T00:00:00Z'), end: at('2025-07-01T12:00:00Z') },
    // An inspection's order on the same outage: counted once with the one above (18 hours, not 24).
    { start: at('2025-07-01T06:00:00Z'), end: at('2025-07-01T18:00:00Z') },
    { start: at('2025-11-20T06:00:00Z'), end: at('2025-11-20T12:00:00Z') },
    // Down over New Year: 6 of its 12 hours fall in 2025.
    { start: at('2024-12-31T18:00:00Z'), end: at('2025-01-01T06:00:00Z') },
  ],
  costOf: (id: number) => costs[id] ?? 0,
};

describe('reliability figures', () => {
  it('counts overlapping downtime once and only inside the window', () => {
    expect(unionHours(worked.downtime, YEAR_2025)).toBe(24 + 18 + 6 + 6);
    expect(unionHours([], YEAR_2025)).toBe(0);
    expect(unionHours([{ start: YEAR_2025.end, end: YEAR_2025.end + 3_600_000 }], YEAR_2025)).toBe(0);
  });

  it('works the documented example: MTBF 2,902 h, MTTR 14 h, 54 h down, 2,500 spent, INL first', () => {
    expect(valveFigures(worked, YEAR_2025)).toEqual({
      failures: 3,
      operatingHours: 8760 - 54,
      mtbfHours: 2902,
      mttrHours: 14,
      downtimeHours: 54,
      cost: 2500,
      lastFailureAt: at('2025-11-20T06:00:00Z'),
      topMode: 'INL',
      repairHours: 42,
      repairs: 3,
    });
  });

  it('gives no MTBF or MTTR to a valve with no failure, never a division by zero', () => {
    const quiet = valveFigures({ ...worked, failures: [], downtime: [] }, YEAR_2025);
    expect(quiet).toMatchObject({ failures: 0, operatingHours: 8760, mtbfHours: null, mttrHours: null, cost: 0 });
    expect(quiet.lastFailureAt).toBeNull();
    expect(quiet.topMode).toBeNull();
  });

  it('counts a valve from when it is first known in service when that is inside the window', () => {
    const joined = valveFigures(
      {
        inServiceFrom: at('2025-07-02T00:00:00Z'),
        failures: [{ workOrderId: 9, failedAt: at('2025-09-01T00:00:00Z'), returnedAt: null, mode: 'FTO' }],
        downtime: [],
        costOf: (id) => costs[id] ?? 0,
      },
      YEAR_2025,
    );
    // 2 July to 1 January: 183 days.
    expect(joined).toMatchObject({ operatingHours: 183 * 24, mtbfHours: 183 * 24, mttrHours: null, cost: 300 });
  });

  it('rolls valves up over their operating hours, with failures per valve-year', () => {
    const a = valveFigures(worked, YEAR_2025);
    const b = valveFigures({ ...worked, failures: [], downtime: [] }, YEAR_2025);
    expect(groupFigures([a, b])).toEqual({
      valves: 2,
      failures: 3,
      operatingHours: 8706 + 8760,
      mtbfHours: (8706 + 8760) / 3,
      mttrHours: 14,
      downtimeHours: 54,
      failuresPerValveYear: Math.round((3 / ((8706 + 8760) / 8766)) * 100) / 100,
      cost: 2500,
    });
    expect(groupFigures([b])).toMatchObject({ failures: 0, mtbfHours: null, mttrHours: null, failuresPerValveYear: 0 });
  });

  it('names the most frequent mode, the latest of equals', () => {
    const f = (mode: string, day: number) => ({ workOrderId: day, failedAt: day, returnedAt: null, mode });
    expect(topModeOf([f('INL', 1), f('ELP', 2), f('INL', 3)])).toBe('INL');
    expect(topModeOf([f('INL', 1), f('ELP', 2)])).toBe('ELP');
    expect(topModeOf([])).toBeNull();
  });

  it('ranks bad actors by failures, then cost, then downtime, then tag', () => {
    const rows = [
      { tag: 'B', failures: 2, cost: 10, downtimeHours: 1 },
      { tag: 'A', failures: 2, cost: 10, downtimeHours: 1 },
      { tag: 'C', failures: 2, cost: 50, downtimeHours: 0 },
      { tag: 'D', failures: 3, cost: 0, downtimeHours: 0 },
      { tag: 'E', failures: 2, cost: 10, downtimeHours: 5 },
    ];
    expect(rows.sort(byBadness).map((r) => r.tag)).toEqual(['D', 'C', 'E', 'A', 'B']);
  });
});
