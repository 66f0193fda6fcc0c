/** Robust and smoothing statistics the condition indicators are built from. Pure and allocation-light. */

export function median(values: ArrayLike<number>): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  const a = Float64Array.from(values);
  const mid = n >> 1;
  const upper = select(a, mid, 0, n - 1);
  if (n % 2) return upper;
  // The lower middle is the largest value left of the upper one after the partition.
  let lower = a[0];
  for (let i = 1; i < mid; i++) if (a[i] > lower) lower = a[i];
  return (lower + upper) / 2;
}

/** The k-th smallest of a[lo..hi] (Hoare's quickselect, median-of-three pivots), partitioning `a` in place. */
function select(a: Float64Array, k: number, lo: number, hi: number): number {
  while (hi > lo) {
    const m = (lo + hi) >> 1;
    // Median of three as the pivot keeps sorted and repeated input linear.
    if (a[m] < a[lo]) swap(a, m, lo);
    if (a[hi] < a[lo]) swap(a, hi, lo);
    if (a[hi] < a[m]) swap(a, hi, m);
    const pivot = a[m];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        swap(a, i, j);
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[k];
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
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
