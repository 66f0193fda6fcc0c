import { describe, expect, it } from 'vitest';
import { approx, cmp, exact, inUnit, mul, type PressureUnit, pascals, psi, ratio } from './exact';
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

/** A basis: the set pressure in its unit, readings in `unit` (the set's unit unless given). */
const basis = (set: number, setUnit: PressureUnit = 'psi', unit: PressureUnit = setUnit) => ({
  set: pascals(set, setUnit),
  unit,
});
const psiOf = (pa: ReturnType<typeof psi>) => approx(inUnit(pa, 'psi'), 6);

describe('exact pressures', () => {
  it('reads a number as the decimal it was written as', () => {
    expect(cmp(exact(0.1), { n: 1n, d: 10n })).toBe(0);
    expect(cmp(exact(1e-7), { n: 1n, d: 10_000_000n })).toBe(0);
    expect(cmp(exact(130.53), { n: 13053n, d: 100n })).toBe(0);
  });
  it('holds 9 of 10 bar at exactly 90%, and 1 psi at exactly 6.894757293168361 kPa', () => {
    expect(cmp(pascals(9, 'bar'), mul(pascals(10, 'bar'), ratio(9, 10)))).toBe(0);
    expect(cmp(psi(1), pascals(6.894757293168361, 'kPa'))).toBe(1); // the exact figure has more digits
    expect(psiOf(pascals(100, 'kPa'))).toBeCloseTo(14.503774, 6);
  });
});

describe('set pressure tolerances (ASME VIII UG-126 / XIII, ASME I PG-72.2) at the band edges', () => {
  it.each([
    ['asme-viii', 15, 2, '±2 psi up to and including 70'],
    ['asme-viii', 70, 2, '±2 psi up to and including 70'],
    ['asme-viii', 70.01, 2.1003, '±3% above 70'],
    ['asme-viii', 100, 3, '±3% above 70'],
    ['asme-viii', 1500, 45, '±3% above 70'],
    ['asme-i', 69.9, 2, '±2 psi up to and including 70'],
    ['asme-i', 70, 2, '±2 psi up to and including 70'],
    ['asme-i', 70.01, 2.1003, '±3% over 70 up to and including 300'],
    ['asme-i', 300, 9, '±3% over 70 up to and including 300'],
    ['asme-i', 300.5, 10, '±10 psi over 300 up to and including 1,000'],
    ['asme-i', 1000, 10, '±10 psi over 300 up to and including 1,000'],
    ['asme-i', 1000.5, 10.005, '±1% over 1,000'],
    ['asme-i', 2500, 25, '±1% over 1,000'],
  ] as const)('%s at %d psi: ±%d psi (%s)', (code, set, tolerance, rule) => {
    const result = setPressureTolerance(code, psi(set));
    expect(psiOf(result.tolerance)).toBeCloseTo(tolerance, 6);
    expect(result.rule).toContain(rule);
  });

  it.each([
    ['asme-viii', 70, 72, 'pass'],
    ['asme-viii', 70, 72.01, 'fail'],
    ['asme-viii', 70, 67.99, 'fail'],
    ['asme-viii', 100, 103, 'pass'],
    ['asme-viii', 100, 103.01, 'fail'],
    ['asme-viii', 100, 97, 'pass'],
    ['asme-i', 70, 72, 'pass'],
    ['asme-i', 70, 72.05, 'fail'], // PG-72.2: ±2 psi at exactly 70, not ±3%
    ['asme-i', 70.5, 72.615, 'pass'],
    ['asme-i', 300, 309, 'pass'],
    ['asme-i', 300, 309.01, 'fail'],
    ['asme-i', 301, 311, 'pass'],
    ['asme-i', 301, 311.01, 'fail'],
    ['asme-i', 1000, 990, 'pass'],
    ['asme-i', 1000, 989.99, 'fail'],
    ['asme-i', 1001, 1011.01, 'pass'],
    ['asme-i', 1001, 1011.02, 'fail'],
  ] as const)('%s set %d opening %d: %s', (code, set, opening, verdict) => {
    expect(judgeOpening(code, basis(set), opening).verdict).toBe(verdict);
  });

  it('does not open: a fail', () => {
    expect(judgeOpening('asme-viii', basis(100), null).verdict).toBe('fail');
  });

  it('judges in the unit entered, never rounding across a limit', () => {
    // 103 psi is the edge of 100 psi ± 3%; 0.0015 psi past it, entered in kPa, is outside.
    const edgeKpa = approx(inUnit(psi(103), 'kPa'), 9);
    const pastKpa = approx(inUnit(psi(103.0015), 'kPa'), 9);
    expect(judgeOpening('asme-viii', basis(100, 'psi', 'kPa'), pastKpa).verdict).toBe('fail');
    expect(judgeOpening('asme-viii', basis(100, 'psi', 'kPa'), approx(inUnit(psi(102.9985), 'kPa'), 9)).verdict).toBe(
      'pass',
    );
    expect(edgeKpa).toBeCloseTo(710.1600012, 6);
    // 10 bar ± 3% is 9.7-10.3 bar exactly.
    expect(judgeOpening('asme-viii', basis(10, 'bar'), 10.3).verdict).toBe('pass');
    expect(judgeOpening('asme-viii', basis(10, 'bar'), 10.3001).verdict).toBe('fail');
    expect(judgeOpening('asme-viii', basis(10, 'bar'), 9.7).verdict).toBe('pass');
  });
});

describe('blowdown is measured: opening − reseat (ASME PTC 25)', () => {
  const air = 'air' as const;
  it.each([
    ['asme-i', 200, 206, 196, 'fail'], // 10 psi = 5% of set: set − reseat (2%) would have passed it
    ['asme-i', 150, 150, 147, 'pass'], // 3 psi = 2%
    ['asme-i', 150, 150, 144, 'pass'], // 6 psi = 4%
    ['asme-i', 150, 150, 143.99, 'fail'], // over 4%
    ['asme-i', 150, 150, 147.01, 'fail'], // under 2%
    ['asme-i', 150, 153, 147, 'pass'], // 6 psi measured from the opening
    ['asme-i', 80, 80, 78, 'pass'], // at least 2 psi
    ['asme-i', 80, 80, 78.01, 'fail'],
    ['asme-i', 80, 80, 76, 'pass'], // at most 4 psi below 100 psi
    ['asme-i', 80, 80, 75.99, 'fail'],
    ['asme-i', 100, 100, 96, 'pass'], // 4% at 100
    ['asme-i', 100, 100, 95.99, 'fail'],
    ['asme-viii', 100, 100, 90, 'pass'], // shop limit 10% for gas
    ['asme-viii', 100, 100, 89.99, 'fail'],
    ['asme-viii', 150, 172, 160, 'pass'], // 12 psi = 8%, never "−10 psi"
    ['asme-viii', 100, 100, 100, 'pass'],
  ] as const)('%s set %d opening %d reseat %d: %s', (code, set, opening, reseat, verdict) => {
    expect(judgeBlowdown(code, basis(set), { opening, reseat }, air)?.verdict).toBe(verdict);
  });

  it('writes the blowdown in pressure and as a share of set', () => {
    expect(judgeBlowdown('asme-viii', basis(150), { opening: 172, reseat: 160 }, air)?.detail).toMatch(
      /^12 psi \(8% of set\)/,
    );
  });

  it('allows 20% in liquid service', () => {
    expect(judgeBlowdown('asme-viii', basis(100), { opening: 100, reseat: 80 }, 'water')?.verdict).toBe('pass');
    expect(judgeBlowdown('asme-viii', basis(100), { opening: 100, reseat: 79.99 }, 'water')?.verdict).toBe('fail');
  });

  it('is incomplete, never a pass, with no reseat on Section I or a reseat above the opening', () => {
    expect(judgeBlowdown('asme-i', basis(150), { opening: 150, reseat: null }, air)?.verdict).toBe('incomplete');
    expect(judgeBlowdown('asme-i', basis(150), { opening: 150, reseat: 151 }, air)?.verdict).toBe('incomplete');
    expect(judgeBlowdown('asme-viii', basis(150), { opening: 150, reseat: 151 }, air)?.verdict).toBe('incomplete');
    // Section VIII/XIII sets no blowdown limit: no reseat, no blowdown check.
    expect(judgeBlowdown('asme-viii', basis(150), { opening: 150, reseat: undefined }, air)).toBeNull();
  });
});

describe('API 527 seat tightness', () => {
  it.each([
    [50, 45],
    [50.5, 45.45],
    [200, 180],
    [10, 5],
  ])('set %d: test at %d psi', (set, pressure) => {
    expect(psiOf(seatTestPressure(psi(set)))).toBeCloseTo(pressure, 6);
  });

  it('holds 9 bar of a 10 bar set at exactly 90%', () => {
    const device = { seatType: 'metal', orifice: 'F', inletSizeInches: 1.5 } as const;
    const at = (held: number) =>
      judgeSeat(basis(10, 'bar'), device, { medium: 'air', heldPressure: held, bubblesPerMinute: 0 }).verdict;
    expect(at(9)).toBe('pass');
    expect(at(8.9999)).toBe('fail');
  });

  it.each([
    [1000, 'F', 40],
    [1000, 'G', 20],
    [1000.1, 'E', 60],
    [1500, 'J', 30],
    [1500.1, 'J', 40],
    [2000, 'D', 80],
    [2500, 'F', 100],
    [2500, 'K', 50],
    [3000, 'L', 60],
    [4000, 'M', 80],
    [5000, 'N', 100],
    [6000, 'T', 100],
    [6001, 'T', null],
  ] as const)('set %d orifice %s: %s bubbles/min', (set, orifice, bubbles) => {
    expect(allowedBubbles(psi(set), orifice)).toBe(bubbles);
  });

  const metal = { seatType: 'metal', orifice: 'F', inletSizeInches: 1.5 } as const;
  it.each([
    [{ medium: 'air', heldPressure: 180, bubblesPerMinute: 40 }, 'pass'],
    [{ medium: 'air', heldPressure: 180, bubblesPerMinute: 41 }, 'fail'],
    [{ medium: 'air', heldPressure: 179.99, bubblesPerMinute: 0 }, 'fail'],
    [{ medium: 'air', heldPressure: 180 }, 'incomplete'],
    [{ medium: 'nitrogen', heldPressure: 180, bubblesPerMinute: null }, 'incomplete'],
    [{ medium: 'water', heldPressure: 180, leakageCm3PerHour: 15 }, 'pass'],
    [{ medium: 'water', heldPressure: 180, leakageCm3PerHour: 15.01 }, 'fail'],
    [{ medium: 'water', heldPressure: 180 }, 'incomplete'],
    [{ medium: 'steam', heldPressure: 180, leakSeen: false }, 'pass'],
    [{ medium: 'steam', heldPressure: 180, leakSeen: true }, 'fail'],
    [{ medium: 'steam', heldPressure: 180 }, 'incomplete'],
  ] as const)('metal seat, set 200: %o → %s', (test, verdict) => {
    expect(judgeSeat(basis(200), metal, test).verdict).toBe(verdict);
  });

  it('soft seats allow no leakage at all, and a missing reading is incomplete', () => {
    const soft = { ...metal, seatType: 'soft' } as const;
    const judge = (test: Parameters<typeof judgeSeat>[2]) => judgeSeat(basis(200), soft, test).verdict;
    expect(judge({ medium: 'air', heldPressure: 180, bubblesPerMinute: 1 })).toBe('fail');
    expect(judge({ medium: 'air', heldPressure: 180, bubblesPerMinute: 0 })).toBe('pass');
    expect(judge({ medium: 'air', heldPressure: 180, leakSeen: false })).toBe('pass');
    expect(judge({ medium: 'air', heldPressure: 180 })).toBe('incomplete');
  });

  it('tests at set − 5 psig at 50 psig or less', () => {
    const at = (held: number) =>
      judgeSeat(basis(50), metal, { medium: 'air', heldPressure: held, bubblesPerMinute: 0 }).verdict;
    expect([at(45), at(44.99)]).toEqual(['pass', 'fail']);
  });
});

describe('a stage', () => {
  const device = { seatType: 'metal', orifice: 'J', inletSizeInches: 3 } as const;
  it('fails on a plugged inlet whatever the bench says, naming API RP 581', () => {
    const stage = judgeStage({
      code: 'asme-viii',
      basis: basis(150),
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
    const base = { code: 'asme-viii', basis: basis(150), medium: 'air', device } as const;
    expect(judgeStage({ ...base, pop: { opening: 151, reseat: 140, chatter: true } }).verdict).toBe('fail');
    expect(judgeStage({ ...base, pop: { opening: 151, reseat: 140 } }).verdict).toBe('pass');
  });

  it('is incomplete, not a pass, while a reading is missing', () => {
    const base = { code: 'asme-i', basis: basis(150), medium: 'steam', device } as const;
    expect(judgeStage({ ...base, pop: { opening: 150 } }).verdict).toBe('incomplete');
    expect(
      judgeStage({ ...base, pop: { opening: 150, reseat: 145 }, seat: { medium: 'air', heldPressure: 135 } }).verdict,
    ).toBe('incomplete');
    // A failure is a failure whatever else is missing.
    expect(judgeStage({ ...base, pop: { opening: 170 } }).verdict).toBe('fail');
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
    // A failure never lengthens the interval: a 1-month tag that failed is next tested in 1 month, not 6.
    [{ rule: 'fixed', intervalMonths: 1, maxIntervalMonths: 120 }, 'fail', 0, 1, 1],
    [{ ...riskBased, intervalMonths: 4 }, 'fail', 0, 4, 4],
    [{ rule: 'fixed', intervalMonths: 6, maxIntervalMonths: 120 }, 'fail', 0, 6, 6],
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
