/**
 * Seat tightness by API 527 (docs/relief-valves.md): the test pressure, the bubble table, and the soft seat, steam
 * and water rules. Exact pressures as in rules.ts; a missing reading is `incomplete`, never zero.
 */
import { approx, cmp, type Exact, exact, inUnit, mul, psi, ratio, shown, sub, written } from './exact';
import type { Basis, Judgement, SeatTest, SeatType } from './rules';

/** API 527 §4: the seat test pressure is 90% of set, or set − 5 psig when set is 50 psig or less. */
export const seatTestPressure = (set: Exact): Exact =>
  cmp(set, psi(50)) <= 0 ? sub(set, psi(5)) : mul(set, ratio(9, 10));

/** API 527 set pressure bands (psig, upper bound) and the bubbles per minute allowed for small and large orifices. */
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

export function allowedBubbles(set: Exact, orifice: string): number | null {
  const band = API527_BUBBLES.find((b) => cmp(set, psi(b.upTo)) <= 0);
  if (!band) return null;
  return isSmallOrifice(orifice) ? band.small : band.large;
}

const missing = (v: unknown) => v === null || v === undefined;

export function judgeSeat(
  basis: Basis,
  device: { seatType: SeatType; orifice: string; inletSizeInches: number },
  test: SeatTest,
): Judgement {
  const check = 'Seat tightness';
  const { set, unit } = basis;
  const required = seatTestPressure(set);
  const held = exact(test.heldPressure);
  if (cmp(held, inUnit(required, unit)) < 0) {
    return {
      check,
      verdict: 'fail',
      rule: 'API 527: test at 90% of set (set − 5 psig at 50 psig or less)',
      detail: `Held ${written(test.heldPressure)} ${unit}, below the test pressure ${shown(required, unit)}`,
      field: 'heldPressure',
    };
  }
  const incomplete = (rule: string, field: string, what: string): Judgement => ({
    check,
    verdict: 'incomplete',
    rule,
    detail: `No ${what} recorded`,
    field,
  });
  if (device.seatType === 'soft') {
    const rule = 'API 527 soft seat: no leakage for 1 minute';
    if (missing(test.leakSeen) && missing(test.bubblesPerMinute) && missing(test.leakageCm3PerHour)) {
      return incomplete(rule, 'bubblesPerMinute', 'leakage reading');
    }
    const leaked = Boolean(test.leakSeen) || (test.bubblesPerMinute ?? 0) > 0 || (test.leakageCm3PerHour ?? 0) > 0;
    return { check, verdict: leaked ? 'fail' : 'pass', rule, detail: leaked ? 'Leakage seen' : 'No leakage' };
  }
  if (test.medium === 'steam') {
    const rule = 'API 527 steam: no audible or visible leakage for 1 minute';
    if (missing(test.leakSeen)) return incomplete(rule, 'leakSeen', 'audible or visible leakage check');
    return {
      check,
      verdict: test.leakSeen ? 'fail' : 'pass',
      rule,
      detail: test.leakSeen ? 'Leakage seen or heard' : 'No leakage',
    };
  }
  if (test.medium === 'water') {
    const rule = 'API 527 water: at most 10 cm³/h per inch of inlet size';
    if (missing(test.leakageCm3PerHour)) return incomplete(rule, 'leakageCm3PerHour', 'leakage rate');
    const allowed = mul(ratio(10, 1), exact(device.inletSizeInches));
    const rate = test.leakageCm3PerHour as number;
    return {
      check,
      verdict: cmp(exact(rate), allowed) <= 0 ? 'pass' : 'fail',
      rule,
      detail: `${rate} cm³/h, allowed ${approx(allowed, 2)} cm³/h`,
      field: 'leakageCm3PerHour',
    };
  }
  const small = isSmallOrifice(device.orifice);
  const rule = `API 527 metal seat, ${small ? 'orifice F and smaller' : 'orifice larger than F'}`;
  const allowed = allowedBubbles(set, device.orifice);
  if (allowed === null) {
    return { check, verdict: 'fail', rule: 'API 527 table ends at 6,000 psig', detail: 'Set above the table' };
  }
  if (missing(test.bubblesPerMinute))
    return incomplete(`${rule}: at most ${allowed} bubbles/min`, 'bubblesPerMinute', 'bubble count');
  const bubbles = test.bubblesPerMinute as number;
  return {
    check,
    verdict: bubbles <= allowed ? 'pass' : 'fail',
    rule: `${rule}: at most ${allowed} bubbles/min at this set`,
    detail: `${bubbles} bubbles/min, allowed ${allowed}`,
    field: 'bubblesPerMinute',
  };
}
