/**
 * What the reference (healthy) period teaches about each channel: its level and spread, the step its transmitter
 * moves in, how it depends on the valve's opening, how much it wanders from one point to the next, and how long it
 * may sit still. Every limit the engine applies to a channel is scaled by these, never by an absolute constant.
 */
import { Matrix, solve } from 'ml-matrix';
import { finite, median, quantile, robustSigma } from '../stats';

export const PROFILE_RULES = {
  /** Highest degree of the polynomial in the valve opening a channel's expected value follows. */
  maxDegree: 3,
  /** Distinct openings are counted in bins of this share of the reference's range of openings. */
  stateBin: 0.02,
  /**
   * Points whose opening lies beyond the reference's range by more than this share of it are not judged; within
   * it, the expected value continues the fit's slope at the range's end (a polynomial would swing).
   */
  stateMargin: 0.25,
  /** A transmitter is quantised when fewer than this share of its readings are distinct values. */
  quantisedShare: 0.5,
} as const;

/** The valve opening (command or travel) the reference covered, to normalise it to −1…1. */
export type StateAxis = { lo: number; hi: number; degree: number };

export type ChannelProfile = {
  /** Median of the reference values and robust spread of them (operating variation included). */
  level: number;
  spread: number;
  resolution: number;
  flat: boolean;
  /** Expected value as a polynomial in the normalised opening; one coefficient without a state channel. */
  coefficients: Float64Array;
  /** Robust spread of the residual (value − expected), floored by the resolution: the unit of departure. */
  scale: number;
  /**
   * The channel was still drifting through the reference (a liquid warming up, a slow process swing): it is then
   * judged against its own recent level (a trailing mean of this many points), so only sudden changes count.
   */
  baselinePoints: number;
  /**
   * A drifting channel's typical lead over its trailing baseline in the reference (the median of the residual less
   * the baseline): a steady drift keeps the level ahead of a mean of the past, by its slope times the baseline's lag.
   */
  baselineLead: number;
};

/**
 * The step a transmitter moves in, from the raw readings a rollup keeps (its minima and maxima): the smallest gap
 * between distinct values when the readings repeat (a quantised transmitter), else 0 (it reads continuously).
 */
export function resolutionOf(rawValues: ArrayLike<number>): number {
  const values = finite(rawValues).sort();
  if (values.length < 3) return 0;
  const tolerance = 1e-9 * Math.max(Math.abs(values[0]), Math.abs(values[values.length - 1]), 1e-300);
  let distinct = 1;
  let step = Number.POSITIVE_INFINITY;
  for (let i = 1; i < values.length; i++) {
    const gap = values[i] - values[i - 1];
    if (gap > tolerance) {
      distinct++;
      step = Math.min(step, gap);
    }
  }
  if (distinct === 1) return 0;
  return distinct < PROFILE_RULES.quantisedShare * values.length ? step : 0;
}

/** The reference's range of openings and the polynomial degree its number of distinct openings supports. */
export function stateAxisOf(state: Float64Array, indices: readonly number[]): StateAxis | null {
  const values = finite(state, indices);
  if (values.length < 3) return null;
  const lo = quantile(values, 0.005);
  const hi = quantile(values, 0.995);
  if (!(hi > lo)) return { lo, hi: lo, degree: 0 };
  const bins = new Set<number>();
  for (const v of values) bins.add(Math.round((v - lo) / ((hi - lo) * PROFILE_RULES.stateBin)));
  return { lo, hi, degree: Math.min(PROFILE_RULES.maxDegree, bins.size - 1) };
}

/** Normalised opening, −1 at the reference's lowest and +1 at its highest; NaN outside the judged range. */
export function normalisedState(axis: StateAxis, value: number): number {
  if (axis.hi <= axis.lo) return 0;
  const u = (2 * (value - axis.lo)) / (axis.hi - axis.lo) - 1;
  return Math.abs(u) > 1 + 2 * PROFILE_RULES.stateMargin ? Number.NaN : u;
}

export function expectedAt(profile: ChannelProfile, u: number): number {
  const c = profile.coefficients;
  if (c.length === 1) return c[0];
  const inside = Math.max(-1, Math.min(1, u));
  let y = 0;
  let slope = 0;
  for (let d = c.length - 1; d >= 0; d--) {
    slope = slope * inside + y;
    y = y * inside + c[d];
  }
  return y + slope * (u - inside);
}

/**
 * A channel's profile from the reference points `indices` of its cleaned values. `u` holds the normalised opening
 * per point (null without a state channel); `resolution` is the transmitter's step.
 */
export function fitProfile(
  values: Float64Array,
  indices: readonly number[],
  u: Float64Array | null,
  degree: number,
  resolution: number,
): ChannelProfile | null {
  const points = indices.filter((i) => Number.isFinite(values[i]) && (!u || Number.isFinite(u[i])));
  if (points.length < 3) return null;
  const own = Float64Array.from(points, (i) => values[i]);
  const level = median(own);
  const lo = own.reduce((m, v) => Math.min(m, v), Number.POSITIVE_INFINITY);
  const hi = own.reduce((m, v) => Math.max(m, v), Number.NEGATIVE_INFINITY);
  const flat = hi - lo <= 1e-9 * Math.max(Math.abs(level), 1e-300);
  // Only to keep a division defined: a flat channel's unit of departure is its resolution or a part per million.
  const tiny = Math.max(resolution, 1e-6 * Math.max(Math.abs(level), 1e-300));
  const spread = Math.max(robustSigma(own, level), resolution, tiny);

  const coefficients = u && degree > 0 && !flat ? polynomialFit(points, values, u, degree) : Float64Array.of(level);
  const profile: ChannelProfile = {
    level,
    spread,
    resolution,
    flat,
    coefficients,
    scale: 0,
    baselinePoints: 0,
    baselineLead: 0,
  };
  const residual = Float64Array.from(points, (i) => values[i] - expectedAt(profile, u ? u[i] : 0));
  profile.scale = Math.max(robustSigma(residual, median(residual)), resolution, tiny);
  return profile;
}

/**
 * Least squares y ≈ Σ c_d u^d by the normal equations (u lies in −1…1, so a cubic's are well conditioned); the
 * median level when they are singular.
 */
function polynomialFit(points: readonly number[], values: Float64Array, u: Float64Array, degree: number): Float64Array {
  const m = degree + 1;
  const powers = new Float64Array(2 * m - 1);
  const moments = new Float64Array(m);
  for (const i of points) {
    let p = 1;
    for (let d = 0; d < powers.length; d++) {
      powers[d] += p;
      if (d < m) moments[d] += p * values[i];
      p *= u[i];
    }
  }
  const xtx = new Matrix(m, m);
  for (let r = 0; r < m; r++) for (let c = 0; c < m; c++) xtx.set(r, c, powers[r + c]);
  const xty = Matrix.columnVector(Array.from(moments));
  try {
    const c = solve(xtx, xty).getColumn(0);
    if (c.every(Number.isFinite)) return Float64Array.from(c);
  } catch {
    // singular: the opening barely moved; the level alone is the expectation
  }
  return Float64Array.of(median(Float64Array.from(points, (i) => values[i])));
}

/**
 * Stillness learned from the reference: the longest run of points that did not move at all (a slot's minimum
 * equal to its maximum and to the previous slot's), and the chance that a point does not move.
 */
export function stillnessOf(
  min: Float64Array,
  max: Float64Array,
  held: Uint8Array,
  indices: readonly number[],
): { longest: number; chance: number } {
  let run = 0;
  let longest = 0;
  let still = 0;
  let pairs = 0;
  for (let j = 1; j < indices.length; j++) {
    const a = indices[j - 1];
    const b = indices[j];
    if (b !== a + 1 || held[a] || held[b] || !Number.isFinite(min[b]) || !Number.isFinite(max[a])) {
      run = 0;
      continue;
    }
    pairs++;
    if (min[b] === max[b] && min[b] === max[a] && min[a] === max[a]) {
      still++;
      run++;
      longest = Math.max(longest, run);
    } else run = 0;
  }
  return { longest, chance: pairs ? still / pairs : 0 };
}
