import { describe, expect, it } from 'vitest';
import { addMonths, nextInterval, replayIntervals } from './intervals';
import {
  allowedBubbles,
  inchesOf,
  judgeBlowdown,
  judgeOpening,
  judgePiping,
  judgeSeat,
  judgeStage,
  seatTestPressure,
  setPressureTolerance,
} from './rules';

describe('set pressure tolerance at the band edges', () => {
  it.each([
    ['asme-viii', 15, 2, '±2 psi'],
    ['asme-viii', 70, 2, '±2 psi up to and including 70'],
    ['asme-viii', 70.01, 2.1, '±3% above 70'],
    ['asme-viii', 100, 3, '±3% above 70'],
    ['asme-viii', 1500, 45, '±3% above 70'],
    ['asme-i', 69.9, 2, '±2 psi below 70'],
    ['asme-i', 70, 2.1, '±3% from 70 to 300'],
    ['asme-i', 300, 9, '±3% from 70 to 300'],
    ['asme-i', 300.5, 10, '±10 psi'],
    ['asme-i', 1000, 10, '±10 psi'],
    ['asme-i', 1000.5, 10.01, '±1% above 1,000'],
    ['asme-i', 2500, 25, '±1% above 1,000'],
  ] as const)('%s at %d psi: ±%d psi (%s)', (code, set, tolerance, rule) => {
    const result = setPressureTolerance(code, set);
    expect(result.tolerance).toBe(tolerance);
    expect(result.rule).toContain(rule);
  });

  it.each([
    [70, 72, 'pass'],
    [70, 72.01, 'fail'],
    [70, 67.99, 'fail'],
    [100, 103, 'pass'],
    [100, 103.01, 'fail'],
    [100, 97, 'pass'],
    [null, null, 'fail'],
  ] as const)('ASME VIII set %s opening %s: %s', (set, opening, verdict) => {
    expect(judgeOpening('asme-viii', set ?? 100, opening).verdict).toBe(verdict);
  });
});

describe('blowdown', () => {
  it.each([
    ['asme-i', 150, 147, 'pass'], // 3 psi = 2%
    ['asme-i', 150, 144, 'pass'], // 6 psi = 4%
    ['asme-i', 150, 143.9, 'fail'], // over 4%
    ['asme-i', 150, 147.5, 'fail'], // under 2%
    ['asme-i', 80, 78, 'pass'], // at least 2 psi
    ['asme-i', 80, 76, 'pass'], // 4 psi cap below 100
    ['asme-i', 80, 75.9, 'fail'],
    ['asme-viii', 100, 90, 'pass'], // 10% for gas
    ['asme-viii', 100, 89.9, 'fail'],
  ] as const)('%s set %d reseat %d: %s', (code, set, reseat, verdict) => {
    expect(judgeBlowdown(code, set, reseat, 'air').verdict).toBe(verdict);
  });

  it('allows 20% in liquid service', () => {
    expect(judgeBlowdown('asme-viii', 100, 80, 'water').verdict).toBe('pass');
    expect(judgeBlowdown('asme-viii', 100, 79, 'water').verdict).toBe('fail');
  });
});

describe('API 527 seat tightness', () => {
  it.each([
    [50, 45],
    [50.5, 45.45],
    [200, 180],
  ])('set %d: test at %d psi', (set, pressure) => {
    expect(seatTestPressure(set)).toBe(pressure);
  });

  it.each([
    [1000, 'F', 40],
    [1000, 'G', 20],
    [1000.1, 'E', 60],
    [1500, 'J', 30],
    [2000, 'D', 80],
    [2500, 'F', 100],
    [2500, 'K', 50],
    [3000, 'L', 60],
    [4000, 'M', 80],
    [6000, 'T', 100],
    [6001, 'T', null],
  ] as const)('set %d orifice %s: %s bubbles/min', (set, orifice, bubbles) => {
    expect(allowedBubbles(set, orifice)).toBe(bubbles);
  });

  const metal = { seatType: 'metal', orifice: 'F', inletSizeInches: 1.5 } as const;
  it.each([
    [{ medium: 'air', heldPressure: 180, bubblesPerMinute: 40 }, 'pass'],
    [{ medium: 'air', heldPressure: 180, bubblesPerMinute: 41 }, 'fail'],
    [{ medium: 'air', heldPressure: 179, bubblesPerMinute: 0 }, 'fail'],
    [{ medium: 'water', heldPressure: 180, leakageCm3PerHour: 15 }, 'pass'],
    [{ medium: 'water', heldPressure: 180, leakageCm3PerHour: 15.1 }, 'fail'],
    [{ medium: 'steam', heldPressure: 180, leakSeen: false }, 'pass'],
    [{ medium: 'steam', heldPressure: 180, leakSeen: true }, 'fail'],
  ] as const)('metal seat, set 200: %o → %s', (test, verdict) => {
    expect(judgeSeat(200, metal, test).verdict).toBe(verdict);
  });

  it('soft seats allow no bubble at all', () => {
    const soft = { ...metal, seatType: 'soft' } as const;
    expect(judgeSeat(200, soft, { medium: 'air', heldPressure: 180, bubblesPerMinute: 1 }).verdict).toBe('fail');
    expect(judgeSeat(200, soft, { medium: 'air', heldPressure: 180, bubblesPerMinute: 0 }).verdict).toBe('pass');
  });
});

describe('a stage', () => {
  const device = { seatType: 'metal', orifice: 'J', inletSizeInches: 3 } as const;
  it('fails on a plugged inlet whatever the bench says, naming API RP 581', () => {
    const stage = judgeStage({
      code: 'asme-viii',
      set: 150,
      medium: 'air',
      device,
      pop: { opening: 150, reseat: 140 },
      piping: { inlet: 'plugged', outlet: 'clear' },
    });
    expect(stage.verdict).toBe('fail');
    expect(stage.judgements.filter((j) => j.verdict === 'fail').map((j) => j.rule)).toEqual([
      judgePiping('plugged', 'clear').rule,
    ]);
  });

  it('fails on chatter and passes a clean pop', () => {
    const base = { code: 'asme-viii', set: 150, medium: 'air', device } as const;
    expect(judgeStage({ ...base, pop: { opening: 151, reseat: 140, chatter: true } }).verdict).toBe('fail');
    expect(judgeStage({ ...base, pop: { opening: 151, reseat: 140 } }).verdict).toBe('pass');
  });
});

describe('intervals', () => {
  const riskBased = { rule: 'risk-based', intervalMonths: 36, maxIntervalMonths: 60 } as const;
  it.each([
    [{ rule: 'fixed', intervalMonths: 24, maxIntervalMonths: 120 }, 'pass', 5, 24, 24],
    [{ rule: 'fixed', intervalMonths: 24, maxIntervalMonths: 120 }, 'fail', 0, 24, 12],
    [riskBased, 'fail', 0, 18, 18],
    [riskBased, 'pass', 2, 36, 36],
    [riskBased, 'pass', 3, 48, 48],
    [{ ...riskBased, intervalMonths: 54 }, 'pass', 3, 60, 60],
    [{ ...riskBased, intervalMonths: 60 }, 'pass', 9, 60, 60],
    [{ ...riskBased, intervalMonths: 120, maxIntervalMonths: 200 }, 'pass', 9, 120, 120],
    [{ ...riskBased, intervalMonths: 8 }, 'fail', 0, 6, 6],
  ] as const)('%o, as found %s after %d clean: interval %d, next in %d', (plan, asFound, clean, interval, next) => {
    const result = nextInterval(plan, asFound, clean);
    expect([result.intervalMonths, result.monthsToNext]).toEqual([interval, next]);
  });

  it('adds months clamped to the month end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-20', 24)).toBe('2028-11-20');
  });

  it('reads nameplate sizes in inches', () => {
    expect([inchesOf('1-1/2"'), inchesOf('3/4'), inchesOf('2 in'), inchesOf('1.5')]).toEqual([1.5, 0.75, 2, 1.5]);
  });
});

describe('an interval replayed from history', () => {
  const plan = { rule: 'risk-based', intervalMonths: 24, maxIntervalMonths: 48 } as const;
  const tests = (results: ('pass' | 'fail')[]) =>
    results.map((asFound, i) => ({ testedOn: `${2015 + i}-06-01`, asFound }));
  it.each([
    [[], 24, null],
    [['pass'], 24, '2017-06-01'],
    [['pass', 'pass', 'pass'], 36, '2020-06-01'],
    [['pass', 'pass', 'pass', 'pass', 'pass', 'pass'], 48, '2024-06-01'],
    [['pass', 'pass', 'pass', 'fail'], 18, '2019-12-01'],
    [['pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass'], 48, '2027-06-01'],
  ] as const)('%o: %d months, next due %s', (results, interval, due) => {
    const replay = replayIntervals(plan, tests([...results]));
    expect([replay.intervalMonths, replay.nextDueOn]).toEqual([interval, due]);
  });
});
