/**
 * Exact pressures for judging relief valve tests: a reading is compared with its limit as a fraction of whole
 * numbers, never as a rounded float, so a value on a limit stays on it in any unit (9 bar of a 10 bar set is exactly
 * 90%) and one just past it stays past it (a kPa reading 0.0015 psi outside the band fails).
 */

/** A fraction n / d with d > 0. */
export type Exact = { n: bigint; d: bigint };

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x || 1n;
};
const make = (n: bigint, d: bigint): Exact => {
  const sign = d < 0n ? -1n : 1n;
  const g = gcd(n, d);
  return { n: (sign * n) / g, d: (sign * d) / g };
};

/** The decimal a number was written as (JSON's shortest form), exactly: 130.53 is 13053/100, not the binary float. */
export function exact(value: number): Exact {
  if (!Number.isFinite(value)) throw new RangeError(`${value} is not a finite number`);
  const [mantissa, exponentText] = String(value).toLowerCase().split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  const exponent = Number(exponentText ?? 0) - fraction.length;
  const digits = BigInt(whole + fraction);
  return exponent >= 0 ? make(digits * 10n ** BigInt(exponent), 1n) : make(digits, 10n ** BigInt(-exponent));
}

export const ratio = (n: number, d: number) => make(BigInt(n), BigInt(d));
export const add = (a: Exact, b: Exact) => make(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Exact, b: Exact) => make(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Exact, b: Exact) => make(a.n * b.n, a.d * b.d);
export const div = (a: Exact, b: Exact) => make(a.n * b.d, a.d * b.n);
/** −1, 0 or 1 as a is below, equal to or above b. */
export const cmp = (a: Exact, b: Exact) => {
  const x = a.n * b.d - b.n * a.d;
  return x < 0n ? -1 : x > 0n ? 1 : 0;
};
export const max = (a: Exact, b: Exact) => (cmp(a, b) >= 0 ? a : b);
export const abs = (a: Exact) => (a.n < 0n ? { n: -a.n, d: a.d } : a);
/** For display only: never compare the result. */
export const approx = (a: Exact, decimals = 2) => {
  const scale = 10 ** decimals;
  return Math.round((Number(a.n * BigInt(scale * 1000)) / Number(a.d) / 1000) * 1) / scale;
};

export const PRESSURE_UNITS = ['psi', 'bar', 'kPa', 'MPa'] as const;
export type PressureUnit = (typeof PRESSURE_UNITS)[number];

/**
 * Pascals in one of each unit, exactly. psi: 1 lbf (0.45359237 kg × 9.80665 m/s² = 4.4482216152605 N, exact by
 * definition) on 1 in² (0.00064516 m², exact): 44482216152605 / 6451600000 Pa.
 */
const PASCALS: Record<PressureUnit, Exact> = {
  psi: make(44482216152605n, 6451600000n),
  bar: make(100000n, 1n),
  kPa: make(1000n, 1n),
  MPa: make(1000000n, 1n),
};

/** A reading in its unit as exact pascals. */
export const pascals = (value: number, unit: PressureUnit) => mul(exact(value), PASCALS[unit]);
/** Exact pascals in a unit (still exact). */
export const inUnit = (pa: Exact, unit: PressureUnit) => div(pa, PASCALS[unit]);
/** A number of psi (the codes' unit for their fixed limits) as exact pascals. */
export const psi = (value: number) => pascals(value, 'psi');

/** A reading as written for people: at most 4 decimals (display only; verdicts use the exact value). */
export const written = (value: number) => Math.round(value * 10_000) / 10_000;
/** Exact pascals written in a unit, for a verdict's detail (display only). */
export const shown = (pa: Exact, unit: PressureUnit) => `${approx(inUnit(pa, unit), unit === 'psi' ? 2 : 4)} ${unit}`;
