import { describe, expect, it } from 'vitest';
import { findRuns } from './episodes';
import { type ExplainChannel, explain } from './explain';

const S = 1000;
const times = (n: number, gaps: Record<number, number> = {}) => {
  const out = new Float64Array(n);
  let t = 0;
  for (let i = 0; i < n; i++) {
    t += (gaps[i] ?? 1) * S;
    out[i] = t;
  }
  return out;
};
const phi = (values: number[]) => Float64Array.from(values);

describe('episodes from the detection index', () => {
  it('open after a few points above the limit, go on above the hysteresis level, close after a lull', () => {
    // Window of 6 points: opens after 2 in a row, a lull must last 6 points.
    const index = phi([0.2, 1.5, 0.4, 0.3, 1.2, 1.3, 0.8, 0.75, 0.5, 1.1, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2]);
    const runs = findRuns(index, times(index.length), S, 6, 1e9);
    expect(runs).toEqual([{ first: 4, last: 9, open: false }]);
  });

  it('are open while the index stays up to the end of the window', () => {
    const index = phi([0.1, 0.1, 2, 2, 2, 0.9, 0.8]);
    const t = times(index.length);
    expect(findRuns(index, t, S, 3, t[t.length - 1])).toEqual([{ first: 2, last: 6, open: true }]);
  });

  it('merge across a short lull and split at a gap in the readings', () => {
    const index = phi([2, 2, 2, 0.2, 0.2, 2, 2, 2, 2, 2]);
    expect(findRuns(index, times(index.length), S, 4, 1e9)).toEqual([{ first: 0, last: 8 + 1, open: false }]);
    const gapped = findRuns(index, times(index.length, { 6: 60 }), S, 4, 1e9);
    expect(gapped.map((r) => [r.first, r.last])).toEqual([
      [0, 5],
      [6, 9],
    ]);
  });

  it('skip points that could not be judged', () => {
    const index = phi([2, Number.NaN, 2, 2, 0.1, 0.1, 0.1, 0.1]);
    expect(findRuns(index, times(index.length), S, 4, 1e9)).toEqual([{ first: 0, last: 3, open: false }]);
  });
});

const ch = (
  name: string,
  quantity: ExplainChannel['quantity'],
  change: number,
  z: number,
  extra: Partial<ExplainChannel> = {},
): ExplainChannel => ({
  name,
  quantity,
  relative: quantity === 'position' || quantity === 'temperature' ? null : change,
  change,
  typicalChange: Math.abs(change),
  z,
  absZ: Math.abs(z),
  text: `${name} ${change}`,
  ...extra,
});

describe('explanations in valve terms', () => {
  const pressures = (up: number, down: number) => [
    ch('P1', 'pressure', up, up * 3, { role: 'upstream' }),
    ch('P2', 'pressure', down, down * 3, { role: 'downstream' }),
  ];

  it('name a partial blockage: less flow, more pressure drop, same opening', () => {
    const e = explain([ch('flow', 'flow', -38, -20), ...pressures(4, -6), ch('travel', 'position', 0.1, 0.5)], null);
    expect(e?.fault).toBe('blockage');
    expect(e?.evidence).toEqual(['flow -38', 'P1 4', 'P2 -6', 'the valve opening did not change']);
  });

  it('name seat leakage: more flow than the opening allows, less pressure drop', () => {
    expect(explain([ch('flow', 'flow', 25, 15), ...pressures(-3, 5)], null)?.fault).toBe('seatLeakage');
  });

  it('name the loss of actuator supply before anything else it causes', () => {
    const e = explain(
      [
        ch('supply', 'actuatorSupplyPressure', -55, -40),
        ch('travel', 'position', -18, -30),
        ch('flow', 'flow', -30, -20),
      ],
      null,
    );
    expect(e?.fault).toBe('actuatorSupplyLoss');
    expect(e?.evidence).toEqual(['supply -55', 'travel -18', 'flow -30']);
  });

  it('name cavitation: vibration up as the pressure after the valve falls', () => {
    const e = explain([ch('vibration', 'vibrationVelocity', 120, 12), ...pressures(-2, -45)], null);
    expect(e?.fault).toBe('cavitation');
  });

  it('tell stiction from packing friction by the stick-slip evidence', () => {
    const travel = [ch('travel', 'position', 0.2, 0.5, { typicalChange: 2.5, absZ: 9 })];
    expect(explain(travel, { episode: 0.7, reference: 0.05 })?.fault).toBe('stiction');
    expect(explain(travel, { episode: 0.7, reference: 0.05 })?.evidence[1]).toBe(
      "the travel ignored 70% of the command's moves (5% in the reference)",
    );
    expect(explain(travel, { episode: 0.1, reference: 0.05 })?.fault).toBe('packingFriction');
  });

  it('give no explanation when no pattern fits', () => {
    expect(explain([ch('current', 'current', -9, -6), ch('temperature', 'temperature', -4, -8)], null)).toBeNull();
    // Flow down with no pressure evidence: a blockage cannot be told from a weaker pump.
    expect(explain([ch('flow', 'flow', -30, -20)], null)).toBeNull();
  });
});
