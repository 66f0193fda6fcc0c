/**
 * The judgement of a relief valve test, by rule (docs/relief-valves.md). Every figure the codes give is in this one
 * file so an engineer can review and correct it; each verdict names the rule it came from. Pressures are exact
 * pascals (exact.ts): a reading is judged in the unit it was entered in, its limit converted exactly, so nothing is
 * rounded across a limit. Details are written in the entered unit.
 */
import {
  abs,
  approx,
  cmp,
  div,
  type Exact,
  exact,
  inUnit,
  max,
  mul,
  type PressureUnit,
  pascals,
  psi,
  ratio,
  shown,
  sub,
  written,
} from './exact';
import { judgeSeat } from './seat-tightness';

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

/** `incomplete`: a reading the rule needs is missing; never a pass, and the record stays a draft. */
export type Verdict = 'pass' | 'fail' | 'incomplete';
export type Judgement = { check: string; verdict: Verdict; rule: string; detail: string; field?: string };

/** What a pop test measured (in the record's unit) and how the valve behaved. */
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
  leakSeen?: boolean | null;
};

/** The set pressure a test is judged against (exact pascals) and the unit the readings were entered in. */
export type Basis = { set: Exact; unit: PressureUnit };

export { API527_BUBBLES, allowedBubbles, isSmallOrifice, judgeSeat, seatTestPressure } from './seat-tightness';

const percentOf = (part: Exact, whole: Exact) => approx(mul(div(part, whole), ratio(100, 1)), 2);
const PSI_70 = psi(70);
const PSI_300 = psi(300);
const PSI_1000 = psi(1000);

/** The allowed deviation of the opening from the set pressure (exact pascals), and the rule that gives it. */
export function setPressureTolerance(code: ReliefCode, set: Exact): { tolerance: Exact; rule: string } {
  if (code === 'asme-viii') {
    return cmp(set, PSI_70) <= 0
      ? { tolerance: psi(2), rule: 'ASME VIII UG-126 / XIII: ±2 psi up to and including 70 psi' }
      : { tolerance: mul(set, ratio(3, 100)), rule: 'ASME VIII UG-126 / XIII: ±3% above 70 psi' };
  }
  if (cmp(set, PSI_70) <= 0) return { tolerance: psi(2), rule: 'ASME I PG-72.2: ±2 psi up to and including 70 psi' };
  if (cmp(set, PSI_300) <= 0) {
    return { tolerance: mul(set, ratio(3, 100)), rule: 'ASME I PG-72.2: ±3% over 70 up to and including 300 psi' };
  }
  if (cmp(set, PSI_1000) <= 0) {
    return { tolerance: psi(10), rule: 'ASME I PG-72.2: ±10 psi over 300 up to and including 1,000 psi' };
  }
  return { tolerance: mul(set, ratio(1, 100)), rule: 'ASME I PG-72.2: ±1% over 1,000 psi' };
}

export function judgeOpening(code: ReliefCode, basis: Basis, opening: number | null): Judgement {
  if (opening === null) {
    return { check: 'Opening', verdict: 'fail', rule: 'Did not open on the bench', detail: 'No opening recorded' };
  }
  const { set, unit } = basis;
  const { tolerance, rule } = setPressureTolerance(code, set);
  const deviation = sub(exact(opening), inUnit(set, unit));
  const allowed = inUnit(tolerance, unit);
  const off = approx(deviation, unit === 'psi' ? 2 : 4);
  return {
    check: 'Opening',
    verdict: cmp(abs(deviation), allowed) <= 0 ? 'pass' : 'fail',
    rule,
    detail: `${written(opening)} ${unit} against ${shown(set, unit)} ± ${shown(tolerance, unit)} (${off >= 0 ? '+' : ''}${off} ${unit})`,
    field: 'opening',
  };
}

/** Blowdown as measured (ASME PTC 25): the popping pressure minus the reseating pressure, exact pascals. */
export const blowdownOf = (opening: Exact, reseat: Exact) => sub(opening, reseat);
/** Blowdown as a percentage of set, for display. */
export const blowdownPercent = (set: number, opening: number, reseat: number) =>
  percentOf(sub(exact(opening), exact(reseat)), exact(set));

/**
 * Blowdown limits. Section I (PG-72.1): 2-4% of set, at least 2 psi, at most 4 psi where set is below 100 psi
 * (unverified detail). Section VIII/XIII sets no limit: the shop limit is 10% of set for gas and steam, 20% for
 * liquid (API 520's usual figures; an engineer reviews).
 */
export function blowdownLimits(code: ReliefCode, set: Exact, medium: TestMedium) {
  if (code === 'asme-i') {
    return {
      min: max(mul(set, ratio(2, 100)), psi(2)),
      max: cmp(set, psi(100)) < 0 ? psi(4) : mul(set, ratio(4, 100)),
      rule: 'ASME I PG-72.1: blowdown 2-4% of set, at least 2 psi (4 psi max below 100 psi)',
    };
  }
  const share = medium === 'water' ? 20 : 10;
  return {
    min: ratio(0, 1),
    max: mul(set, ratio(share, 100)),
    rule: `Shop limit for ASME VIII/XIII: blowdown at most ${share}% of set`,
  };
}

/** Whether the code itself limits blowdown, so a test with no reseat is incomplete: Section I. */
export const codeLimitsBlowdown = (code: ReliefCode) => code === 'asme-i';

export function judgeBlowdown(
  code: ReliefCode,
  basis: Basis,
  pop: { opening: number; reseat: number | null | undefined },
  medium: TestMedium,
): Judgement | null {
  const { set, unit } = basis;
  const limits = blowdownLimits(code, set, medium);
  if (pop.reseat == null) {
    if (!codeLimitsBlowdown(code)) return null;
    return {
      check: 'Blowdown',
      verdict: 'incomplete',
      rule: limits.rule,
      detail: 'No reseat pressure recorded: blowdown cannot be measured',
      field: 'reseat',
    };
  }
  const opening = pascals(pop.opening, unit);
  const reseat = pascals(pop.reseat, unit);
  if (cmp(reseat, opening) > 0) {
    return {
      check: 'Blowdown',
      verdict: 'incomplete',
      rule: 'ASME PTC 25: blowdown is the popping pressure minus the reseating pressure',
      detail: `Reseat ${written(pop.reseat)} ${unit} is above the opening ${written(pop.opening)} ${unit}`,
      field: 'reseat',
    };
  }
  const measured = blowdownOf(opening, reseat);
  const inside = cmp(measured, limits.min) >= 0 && cmp(measured, limits.max) <= 0;
  return {
    check: 'Blowdown',
    verdict: inside ? 'pass' : 'fail',
    rule: limits.rule,
    detail: `${shown(measured, unit)} (${percentOf(measured, set)}% of set), allowed ${shown(limits.min, unit)} to ${shown(limits.max, unit)}`,
    field: 'reseat',
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

export function judgePiping(inlet: PipingCondition, outlet: PipingCondition): Judgement {
  const plugged = inlet === 'plugged' || outlet === 'plugged';
  return {
    check: 'Inlet and outlet piping',
    verdict: plugged ? 'fail' : 'pass',
    rule: 'API RP 581: a plugged inlet or outlet (more than 25% blocked) is a failed test whatever the bench says',
    detail: `Inlet ${inlet}, outlet ${outlet}`,
  };
}

/** A stage fails on any failed check; otherwise it is incomplete while a reading is missing; otherwise it passes. */
export function stageVerdict(judgements: readonly Judgement[]): Verdict {
  if (judgements.some((j) => j.verdict === 'fail')) return 'fail';
  return judgements.some((j) => j.verdict === 'incomplete') ? 'incomplete' : 'pass';
}

/** Every judgement of one stage (as found or as left) of a test, and its overall verdict. */
export function judgeStage(input: {
  code: ReliefCode;
  basis: Basis;
  medium: TestMedium;
  device: { seatType: SeatType; orifice: string; inletSizeInches: number };
  pop: PopTest;
  seat?: SeatTest | null;
  piping?: { inlet: PipingCondition; outlet: PipingCondition } | null;
}): { verdict: Verdict; judgements: Judgement[] } {
  const judgements = [judgeOpening(input.code, input.basis, input.pop.opening)];
  if (input.pop.opening !== null) {
    const blowdown = judgeBlowdown(
      input.code,
      input.basis,
      { opening: input.pop.opening, reseat: input.pop.reseat },
      input.medium,
    );
    if (blowdown) judgements.push(blowdown);
  }
  judgements.push(judgeBehaviour(input.pop));
  if (input.seat) judgements.push(judgeSeat(input.basis, input.device, input.seat));
  if (input.piping) judgements.push(judgePiping(input.piping.inlet, input.piping.outlet));
  return { verdict: stageVerdict(judgements), judgements };
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
