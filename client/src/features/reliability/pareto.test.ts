import type { ValveReliability } from '@common/schemas/reliability';
import { describe, expect, it } from 'vitest';
import { paretoRows } from './pareto';

const valve = (id: number, failures: number, cost = 0): ValveReliability => ({
  valveId: id,
  valve: {
    id,
    valveId: `V-00${id}-BV`,
    type: 'Ball Valve',
    size: '4"',
    pressure: 'Class 300',
    plant: 'Plant A',
    area: 'Unit 1',
    location: 'Rack 3',
    system: 'Cooling water',
    manufacturer: 'Acme',
    model: 'X',
  },
  failures,
  operatingHours: 8000,
  mtbfHours: failures ? 8000 / failures : null,
  mttrHours: failures ? 4 : null,
  downtimeHours: 0,
  cost,
  currency: 'USD',
  lastFailureAt: null,
  topMode: null,
  topModeLabel: null,
});

describe('paretoRows', () => {
  it('runs the cumulative share of the shown valves up to 100%', () => {
    const rows = paretoRows([valve(1, 5, 900), valve(2, 3), valve(3, 2)]);
    expect(rows.map((row) => row.cumulativePercent)).toEqual([50, 80, 100]);
    expect(rows[0]).toMatchObject({ valveId: 1, tag: 'V-001-BV', failures: 5, cost: 900 });
  });

  it('measures against every failure in scope when the top valves are a part of them', () => {
    const rows = paretoRows([valve(1, 4), valve(2, 2)], 12);
    expect(rows.map((row) => row.cumulativePercent)).toEqual([33.3, 50]);
  });

  it('never runs past 100% when the total given is short of the shown valves', () => {
    expect(paretoRows([valve(1, 3)], 2)[0]?.cumulativePercent).toBe(100);
  });

  it('is empty for no valves and zero for valves with no failures', () => {
    expect(paretoRows([])).toEqual([]);
    expect(paretoRows([valve(1, 0)])[0]?.cumulativePercent).toBe(0);
  });
});
