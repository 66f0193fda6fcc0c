/** Robust and smoothing statistics the condition indicators are built from. Pure and allocation-light. */

export function median(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  // A typed array sorts numerically without a comparator: several times faster on the engine's hot path.
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Median absolute deviation, scaled by 1.4826 so it estimates the standard deviation of normal data. */
export function robustSigma(values: ArrayLike<number>, centre = median(values)): number {
  const deviations = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) deviations[i] = Math.abs(values[i] - centre);
  return 1.4826 * median(deviations);
}

/**
 * Robust z-score (Iglewicz & Hoaglin): distance from the median in robust standard deviations. The sigma has a
 * floor so a near-constant signal does not turn rounding noise into huge scores.
 */
export function robustZ(value: number, centre: number, sigma: number): number {
  return (value - centre) / sigma;
}

/** Exponentially weighted moving average; returns the smoothed series. */
export function ewma(values: readonly number[], alpha: number): number[] {
  const out: number[] = new Array(values.length);
  let level = values[0];
  for (let i = 0; i < values.length; i++) {
    level = i === 0 ? values[0] : alpha * values[i] + (1 - alpha) * level;
    out[i] = level;
  }
  return out;
}

export type LinearFit = { slope: number; intercept: number; r2: number };

/** Ordinary least squares y = intercept + slope·x. */
export function leastSquares(xs: readonly number[], ys: readonly number[]): LinearFit {
  const n = xs.length;
  if (n < 2) return { slope: 0, intercept: ys[0] ?? 0, r2: 0 };
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) {
    sx += xs[i];
    sy += ys[i];
  }
  const mx = sx / n;
  const my = sy / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i] - mx;
    const dy = ys[i] - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  if (sxx === 0) return { slope: 0, intercept: my, r2: 0 };
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx, r2: syy === 0 ? 0 : (sxy * sxy) / (sxx * syy) };
}

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The q-quantile (0-1) of the values, linear between order statistics; NaN when there are none. */
export function quantile(values: ArrayLike<number>, q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const at = clamp(q, 0, 1) * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/** The finite values of an array, in order. */
export function finite(values: ArrayLike<number>, indices?: readonly number[]): Float64Array {
  const out: number[] = [];
  if (indices) {
    for (const i of indices) if (Number.isFinite(values[i])) out.push(values[i]);
  } else for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) out.push(values[i]);
  return Float64Array.from(out);
}
