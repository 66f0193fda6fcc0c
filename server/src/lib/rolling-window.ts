/**
 * Durations over a rolling window, cheap to record: a ring of time slots, each a histogram with fine buckets
 * (10 % apart), so recording is a slot check, a binary search and three increments, with no allocation.
 * Percentiles are read from the summed buckets, interpolated inside the bucket (as Prometheus'
 * histogram_quantile does), so they are within one bucket width (10 %) of the exact value.
 */

/** Bucket upper bounds in ms: 0.1 ms to ~60 s, each 10 % above the last, then +Inf. */
const BOUNDS: Float64Array = (() => {
  const bounds: number[] = [];
  for (let b = 0.1; b < 60_000; b *= 1.1) bounds.push(b);
  bounds.push(Number.POSITIVE_INFINITY);
  return Float64Array.from(bounds);
})();

export type WindowFigures = {
  count: number;
  errors: number;
  /** ms; null when nothing was recorded. */
  p50: number | null;
  p95: number | null;
  p99: number | null;
};

export class RollingWindow {
  private readonly slots: number;
  private readonly buckets = BOUNDS.length;
  /** Which absolute slot (time / slotMs) each ring position holds now. */
  private readonly stamps: Float64Array;
  private readonly counts: Uint32Array;
  private readonly totals: Uint32Array;
  private readonly errors: Uint32Array;

  /** Keeps `slots` slots of `slotMs` each: enough for the current window and the one before it. */
  constructor(
    readonly slotMs: number,
    slots: number,
  ) {
    this.slots = slots;
    this.stamps = new Float64Array(slots).fill(-1);
    this.counts = new Uint32Array(slots * this.buckets);
    this.totals = new Uint32Array(slots);
    this.errors = new Uint32Array(slots);
  }

  record(durationMs: number, failed: boolean, nowMs: number): void {
    const slot = Math.floor(nowMs / this.slotMs);
    const at = slot % this.slots;
    if (this.stamps[at] !== slot) {
      this.stamps[at] = slot;
      this.counts.fill(0, at * this.buckets, (at + 1) * this.buckets);
      this.totals[at] = 0;
      this.errors[at] = 0;
    }
    let lo = 0;
    let hi = this.buckets - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (durationMs <= BOUNDS[mid]) hi = mid;
      else lo = mid + 1;
    }
    this.counts[at * this.buckets + lo]++;
    this.totals[at]++;
    if (failed) this.errors[at]++;
  }

  /**
   * Figures of the `windowMs` ending now (`ago` = 0, the current slot included) or of the window ending
   * `ago` ms earlier (the previous window: ago = windowMs).
   */
  figures(windowMs: number, nowMs: number, ago = 0): WindowFigures {
    const perWindow = Math.max(1, Math.round(windowMs / this.slotMs));
    const last = Math.floor((nowMs - ago) / this.slotMs);
    const first = last - perWindow + 1;
    const sums = new Float64Array(this.buckets);
    let count = 0;
    let errors = 0;
    for (let at = 0; at < this.slots; at++) {
      const stamp = this.stamps[at];
      if (stamp < first || stamp > last) continue;
      count += this.totals[at];
      errors += this.errors[at];
      for (let b = 0; b < this.buckets; b++) sums[b] += this.counts[at * this.buckets + b];
    }
    const quantile = (q: number) => (count === 0 ? null : quantileOf(sums, count, q));
    return { count, errors, p50: quantile(0.5), p95: quantile(0.95), p99: quantile(0.99) };
  }
}

function quantileOf(sums: Float64Array, count: number, q: number): number {
  const rank = q * count;
  let seen = 0;
  for (let b = 0; b < sums.length; b++) {
    if (sums[b] === 0) continue;
    if (seen + sums[b] >= rank) {
      const lower = b === 0 ? 0 : BOUNDS[b - 1];
      // The open-ended last bucket has no width to interpolate in: report its lower bound.
      if (!Number.isFinite(BOUNDS[b])) return lower;
      return lower + (BOUNDS[b] - lower) * ((rank - seen) / sums[b]);
    }
    seen += sums[b];
  }
  return BOUNDS[BOUNDS.length - 2];
}
