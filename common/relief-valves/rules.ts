/**
 * The judgement of a relief valve test, by rule (docs/relief-valves.md). Every figure the codes give is in this one
 * file so an engineer can review and correct it; each verdict names the rule it came from. Pressures are psi gauge,
 * the unit the codes write their tolerances in (docs/decisions/040-relief-pressures-in-psi.md).
 */

export const RELIEF_CODES = ['asme-viii', 'asme-i'] as const;
export type ReliefCode = (typeof RELIEF_CODES)[number];
export const RELIEF_CODE_LABELS: Record<ReliefCode, string> = {
  'asme-viii': 'ASME VIII / XIII (pressure vessels)',
  'asme-i': 'ASME I (power boilers)',
};

export const SEAT_TYPES = ['metal', 'soft'] as const;
export type SeatType = (typeof SEAT_TYPES)[number];
export const TEST_MEDIA = ['air', 'nitrogen', 'steam', 'water'] as const;
export type TestMedium = (typeof TEST_MEDIA)[number];
export const PIPING_CONDITIONS = ['clear', 'partly blocked', 'plugged'] as const;
export type PipingCondition = (typeof PIPING_CONDITIONS)[number];

export type Verdict = 'pass' | 'fail';
export type Judgement = { check: string; verdict: Verdict; rule: string; detail: string };

/** What a pop test measured (psi) and how the valve behaved. */
export type PopTest = {
  opening: number | null;
  simmer?: number | null;
  reseat?: number | null;
  chatter?: boolean;
  flutter?: boolean;
  sticking?: boolean;
};

export type SeatTest = {
  medium: TestMedium;
  heldPressure: number;
  bubblesPerMinute?: number | null;
  leakageCm3PerHour?: number | null;
  /** Steam and soft seats: any audible or visible leakage. */
  leakSeen?: boolean;
};

const round = (n: number) => Math.round(n * 100) / 100;

/** The allowed deviation of the opening from the set pressure, in psi, and the rule that gives it. */
export function setPressureTolerance(code: ReliefCode, set: number): { tolerance: number; rule: string } {
  if (code === 'asme-viii') {
    return set <= 70
      ? { tolerance: 2, rule: 'ASME VIII UG-126 / XIII: ±2 psi up to and including 70 psi' }
      : { tolerance: round(set * 0.03), rule: 'ASME VIII UG-126 / XIII: ±3% above 70 psi' };
  }
  if (set < 70) return { tolerance: 2, rule: 'ASME I PG-72: ±2 psi below 70 psi' };
  if (set <= 300) return { tolerance: round(set * 0.03), rule: 'ASME I PG-72: ±3% from 70 to 300 psi' };
  if (set <= 1000) return { tolerance: 10, rule: 'ASME I PG-72: ±10 psi above 300 to 1,000 psi' };
  return { tolerance: round(set * 0.01), rule: 'ASME I PG-72: ±1% above 1,000 psi' };
}

export function judgeOpening(code: ReliefCode, set: number, opening: number | null): Judgement {
  if (opening === null) {
    return { check: 'Opening', verdict: 'fail', rule: 'Did not open on the bench', detail: 'No opening recorded' };
  }
  const { tolerance, rule } = setPressureTolerance(code, set);
  const deviation = round(opening - set);
  return {
    check: 'Opening',
    verdict: Math.abs(deviation) <= tolerance + 1e-9 ? 'pass' : 'fail',
    rule,
    detail: `${opening} psi against ${set} ± ${tolerance} psi (${deviation >= 0 ? '+' : ''}${deviation} psi)`,
  };
}

/** Blowdown as a share of set: (set − reseat) / set. */
export const blowdownPercent = (set: number, reseat: number) => round(((set - reseat) / set) * 100);

/**
 * Blowdown limits. Section I: 2-4% of set, at least 2 psi, at most 4 psi where set is below 100 psi (unverified
 * detail). Section VIII/XIII sets no limit: the shop limit is 10% of set for gas and steam, 20% for liquid (API
 * 520's usual figures; an engineer reviews).
 */
export function blowdownLimits(code: ReliefCode, set: number, medium: TestMedium) {
  if (code === 'asme-i') {
    return {
      min: Math.max(set * 0.02, 2),
      max: set < 100 ? 4 : set * 0.04,
      rule: 'ASME I PG-72: blowdown 2-4% of set, at least 2 psi (4 psi max below 100 psi)',
    };
  }
  const share = medium === 'water' ? 0.2 : 0.1;
  return { min: 0, max: set * share, rule: `Shop limit for ASME VIII/XIII: blowdown at most ${share * 100}% of set` };
}

export function judgeBlowdown(code: ReliefCode, set: number, reseat: number, medium: TestMedium): Judgement {
  const { min, max, rule } = blowdownLimits(code, set, medium);
  const psi = round(set - reseat);
  return {
    check: 'Blowdown',
    verdict: psi >= min - 1e-9 && psi <= max + 1e-9 ? 'pass' : 'fail',
    rule,
    detail: `${psi} psi (${blowdownPercent(set, reseat)}%), allowed ${round(min)}-${round(max)} psi`,
  };
}

export function judgeBehaviour(test: PopTest): Judgement {
  const faults = (['chatter', 'flutter', 'sticking'] as const).filter((k) => test[k]);
  return {
    check: 'Behaviour',
    verdict: faults.length ? 'fail' : 'pass',
    rule: 'Chatter, flutter or sticking fails the test',
    detail: faults.length ? faults.join(', ') : 'Clean pop and reseat',
  };
}

/** API 527's test pressure: 90% of set, or set − 5 psi when set is 50 psi or less. */
export const seatTestPressure = (set: number) => (set <= 50 ? set - 5 : round(set * 0.9));

/** API 527 set pressure bands (psi, upper bound) and the bubbles per minute allowed for small and large orifices. */
export const API527_BUBBLES: readonly { upTo: number; small: number; large: number }[] = [
  { upTo: 1000, small: 40, large: 20 },
  { upTo: 1500, small: 60, large: 30 },
  { upTo: 2000, small: 80, large: 40 },
  { upTo: 2500, small: 100, large: 50 },
  { upTo: 3000, small: 100, large: 60 },
  { upTo: 4000, small: 100, large: 80 },
  { upTo: 5000, small: 100, large: 100 },
  { upTo: 6000, small: 100, large: 100 },
];

/** Orifice letters D, E and F are API 527's "F and smaller". */
export const isSmallOrifice = (orifice: string) => /^[D-F]$/i.test(orifice.trim());

export function allowedBubbles(set: number, orifice: string): number | null {
  const band = API527_BUBBLES.find((b) => set <= b.upTo);
  if (!band) return null;
  return isSmallOrifice(orifice) ? band.small : band.large;
}

export function judgeSeat(
  set: number,
  device: { seatType: SeatType; orifice: string; inletSizeInches: number },
  test: SeatTest,
): Judgement {
  const check = 'Seat tightness';
  const required = seatTestPressure(set);
  if (test.heldPressure < required - 1e-9) {
    return {
      check,
      verdict: 'fail',
      rule: 'API 527: test at 90% of set (set − 5 psi at 50 psi or less)',
      detail: `Held ${test.heldPressure} psi, below the test pressure ${required} psi`,
    };
  }
  if (device.seatType === 'soft') {
    const leaked = test.leakSeen || (test.bubblesPerMinute ?? 0) > 0;
    return {
      check,
      verdict: leaked ? 'fail' : 'pass',
      rule: 'API 527 soft seat: no leakage for 1 minute',
      detail: leaked ? 'Leakage seen' : 'No leakage',
    };
  }
  if (test.medium === 'steam') {
    return {
      check,
      verdict: test.leakSeen ? 'fail' : 'pass',
      rule: 'API 527 steam: no audible or visible leakage for 1 minute',
      detail: test.leakSeen ? 'Leakage seen or heard' : 'No leakage',
    };
  }
  if (test.medium === 'water') {
    const allowed = round(10 * device.inletSizeInches);
    const rate = test.leakageCm3PerHour ?? 0;
    return {
      check,
      verdict: rate <= allowed ? 'pass' : 'fail',
      rule: 'API 527 water: at most 10 cm³/h per inch of inlet size',
      detail: `${rate} cm³/h, allowed ${allowed} cm³/h`,
    };
  }
  const allowed = allowedBubbles(set, device.orifice);
  const bubbles = test.bubblesPerMinute ?? 0;
  if (allowed === null) {
    return { check, verdict: 'fail', rule: 'API 527 table ends at 6,000 psi', detail: 'Set above the table' };
  }
  return {
    check,
    verdict: bubbles <= allowed ? 'pass' : 'fail',
    rule: `API 527 metal seat, ${isSmallOrifice(device.orifice) ? 'orifice F and smaller' : 'orifice larger than F'}: at most ${allowed} bubbles/min at this set`,
    detail: `${bubbles} bubbles/min, allowed ${allowed}`,
  };
}

export function judgePiping(inlet: PipingCondition, outlet: PipingCondition): Judgement {
  const plugged = inlet === 'plugged' || outlet === 'plugged';
  return {
    check: 'Inlet and outlet piping',
    verdict: plugged ? 'fail' : 'pass',
    rule: 'API RP 581: a plugged inlet or outlet (more than 25% blocked) is a failed test whatever the bench says',
    detail: `Inlet ${inlet}, outlet ${outlet}`,
  };
}

/** Every judgement of one stage (as found or as left) of a test, and its overall verdict. */
export function judgeStage(input: {
  code: ReliefCode;
  set: number;
  medium: TestMedium;
  device: { seatType: SeatType; orifice: string; inletSizeInches: number };
  pop: PopTest;
  seat?: SeatTest | null;
  piping?: { inlet: PipingCondition; outlet: PipingCondition } | null;
}): { verdict: Verdict; judgements: Judgement[] } {
  const judgements = [judgeOpening(input.code, input.set, input.pop.opening)];
  if (input.pop.opening !== null && input.pop.reseat != null) {
    judgements.push(judgeBlowdown(input.code, input.set, input.pop.reseat, input.medium));
  }
  judgements.push(judgeBehaviour(input.pop));
  if (input.seat) judgements.push(judgeSeat(input.set, input.device, input.seat));
  if (input.piping) judgements.push(judgePiping(input.piping.inlet, input.piping.outlet));
  return { verdict: judgements.some((j) => j.verdict === 'fail') ? 'fail' : 'pass', judgements };
}

/** "1-1/2", "1.5", "2" (inches, as nameplates write them) as a number of inches; NaN when unreadable. */
export function inchesOf(size: string): number {
  const text = size.replace(/["in\s]+$/g, '').trim();
  const mixed = /^(\d+)[- ](\d+)\/(\d+)$/.exec(text);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = /^(\d+)\/(\d+)$/.exec(text);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  return Number(text);
}
