import { describe, expect, it } from 'vitest';
import { defaultReferencePeriod } from './period';
import { chooseGrid, layOnGrid, planReads, rollUp } from './rollup';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 4, 4);

describe('rollups', () => {
  it('hold count, mean, min, max and last of each bucket, as the rollup tables do', () => {
    const readings = [
      { t: T0 + 59_000, v: 2 },
      { t: T0 + 1_000, v: 4 },
      { t: T0 + 30_000, v: 3 },
      { t: T0 + 61_000, v: 10 },
      { t: T0 + 70_000, v: Number.NaN },
    ];
    expect(rollUp(readings, 60_000)).toEqual([
      { t: T0, count: 3, mean: 3, min: 2, max: 4, last: 2 },
      { t: T0 + 60_000, count: 1, mean: 10, min: 10, max: 10, last: 10 },
    ]);
  });

  it('are read so that no span needs more than 20,000 rows a channel', () => {
    const day = { from: T0, to: T0 + DAY };
    expect(planReads({ from: T0 - 1_200_000, to: T0 }, { from: T0, to: T0 + 1_200_000 }, 1)).toEqual({
      reference: 'raw',
      window: 'raw',
      gridMs: 1_000,
    });
    expect(planReads(day, { from: T0 + DAY, to: T0 + 2 * DAY }, 1)).toEqual({
      reference: 'minute',
      window: 'minute',
      gridMs: 60_000,
    });
    expect(planReads({ from: T0 - 30 * DAY, to: T0 }, day, 1)).toEqual({
      reference: 'hour',
      window: 'minute',
      gridMs: 3_600_000,
    });
    expect(planReads(day, day, 1 / 3600)).toEqual({ reference: 'raw', window: 'raw', gridMs: 3_600_000 });
  });

  it('lay channels of different rates on one grid, holding a slow one between its readings', () => {
    const fast = { stepMs: 0, buckets: [0, 1, 2, 3, 4, 5].map((s) => raw(T0 + s * 1000, s)) };
    const slow = { stepMs: 0, buckets: [raw(T0, 100), raw(T0 + 2_000, 102), raw(T0 + 4_000, 104)] };
    const grid = layOnGrid([fast, slow], { from: T0 - 1, to: T0 + 5_000 }, chooseGrid([fast, slow], []));
    expect(grid.gridMs).toBe(1_000);
    expect(Array.from(grid.channels[1].mean)).toEqual([100, 100, 102, 102, 104, 104]);
    expect(Array.from(grid.channels[1].held)).toEqual([0, 1, 0, 1, 0, 1]);
  });
});

const raw = (t: number, v: number) => ({ t, count: 1, mean: v, min: v, max: v, last: v });

describe('the default reference period', () => {
  it('is the first week after the renewal, or the first third of a shorter history', () => {
    expect(defaultReferencePeriod(T0, null, T0 + 60 * DAY)).toEqual({ from: T0 - 1, to: T0 + 7 * DAY });
    expect(defaultReferencePeriod(T0, T0 + 30 * DAY, T0 + 60 * DAY)).toEqual({
      from: T0 + 30 * DAY - 1,
      to: T0 + 37 * DAY,
    });
    expect(defaultReferencePeriod(T0, null, T0 + 3 * DAY)).toEqual({ from: T0 - 1, to: T0 + DAY });
  });
});
