/**
 * Rollups and the analysis grid: which stored resolution to read for a span (raw readings, the per-minute or the
 * per-hour rollup), how raw readings roll up into buckets, and how a valve's channels are laid on one time grid
 * so the models compare like with like whatever the rates.
 */
import type { Bucket, BucketSeries, Span } from './types';

export const ROLLUPS = { raw: 0, minute: 60_000, hour: 3_600_000 } as const;
export type Rollup = keyof typeof ROLLUPS;

export const GRID_RULES = {
  /** Rows read per channel and span at most: beyond, the next coarser rollup. */
  maxRowsPerChannel: 20_000,
  /** Grid steps the engine uses, ms: a sampling interval rounds up to the next. */
  steps: [
    1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000,
    900_000, 1_800_000, 3_600_000, 7_200_000, 10_800_000, 14_400_000, 21_600_000, 28_800_000, 43_200_000, 86_400_000,
  ],
  /** A channel's last value stands in for missing ones up to twice its own sampling interval (sample and hold). */
  holdIntervals: 2,
} as const;

/** The finest stored resolution whose rows for this span stay within the read limit. */
export function rollupFor(span: Span, readingsPerSecond: number): Rollup {
  const seconds = Math.max(0, span.to - span.from) / 1000;
  const limit = GRID_RULES.maxRowsPerChannel;
  if (seconds * readingsPerSecond <= limit) return 'raw';
  if (seconds / 60 <= limit) return 'minute';
  return 'hour';
}

/**
 * What to read for an assessment: a rollup per span, and the grid both are laid on (the coarser of the two, so
 * the reference and the window are compared at the same resolution).
 */
export function planReads(reference: Span, window: Span, readingsPerSecond: number) {
  const ref = rollupFor(reference, readingsPerSecond);
  const win = rollupFor(window, readingsPerSecond);
  const native = readingsPerSecond > 0 ? 1000 / readingsPerSecond : 0;
  const gridMs = gridStep(Math.max(ROLLUPS[ref], ROLLUPS[win], native));
  return { reference: ref, window: win, gridMs };
}

/** The grid step for an interval: the smallest step of the ladder at least 0.9 of it. */
export function gridStep(intervalMs: number): number {
  return GRID_RULES.steps.find((s) => s >= 0.9 * intervalMs) ?? GRID_RULES.steps[GRID_RULES.steps.length - 1];
}

/** Raw readings (sorted or not) rolled up into buckets of `stepMs`, as the rollup tables hold them. */
export function rollUp(readings: readonly { t: number; v: number }[], stepMs: number): Bucket[] {
  const sorted = [...readings].filter((r) => Number.isFinite(r.v)).sort((a, b) => a.t - b.t);
  const out: Bucket[] = [];
  for (const r of sorted) {
    const t = Math.floor(r.t / stepMs) * stepMs;
    const b = out[out.length - 1];
    if (b && b.t === t) {
      b.mean += (r.v - b.mean) / (b.count + 1);
      b.count += 1;
      b.min = Math.min(b.min, r.v);
      b.max = Math.max(b.max, r.v);
      b.last = r.v;
    } else out.push({ t, count: 1, mean: r.v, min: r.v, max: r.v, last: r.v });
  }
  return out;
}

/** Median spacing of a series' buckets (its own step for rollups), ms; 0 when it cannot tell. */
export function typicalInterval(series: BucketSeries): number {
  if (series.stepMs > 0) return series.stepMs;
  const b = series.buckets;
  if (b.length < 2) return 0;
  const gaps = new Float64Array(b.length - 1);
  for (let i = 1; i < b.length; i++) gaps[i - 1] = b[i].t - b[i - 1].t;
  gaps.sort();
  return gaps[gaps.length >> 1];
}

/** One channel on the grid: NaN where the slot holds no reading. `held` marks values carried forward. */
export type GridChannel = {
  mean: Float64Array;
  min: Float64Array;
  max: Float64Array;
  count: Float64Array;
  held: Uint8Array;
};

/** A span laid on the grid: slot times (start of each slot), and per channel its values. */
export type Grid = { gridMs: number; times: Float64Array; channels: GridChannel[] };

/**
 * Lays the channels' series for one span on a grid of `gridMs`, slots aligned to multiples of it. Slots where no
 * channel has a reading are dropped (a gap in time); a missing value is held from the channel's last reading for
 * up to twice its own sampling interval.
 */
export function layOnGrid(series: readonly BucketSeries[], span: Span, gridMs: number): Grid {
  const first = Math.floor(span.from / gridMs);
  const slots = Math.max(1, Math.floor(span.to / gridMs) - first + 1);
  const full = series.map(() => ({
    mean: new Float64Array(slots).fill(Number.NaN),
    min: new Float64Array(slots).fill(Number.NaN),
    max: new Float64Array(slots).fill(Number.NaN),
    count: new Float64Array(slots),
    held: new Uint8Array(slots),
  }));
  const used = new Uint8Array(slots);
  series.forEach((s, c) => {
    const g = full[c];
    for (const b of s.buckets) {
      if (b.t <= span.from - (s.stepMs || 0) || b.t > span.to || !Number.isFinite(b.mean) || b.count <= 0) continue;
      const k = Math.floor(b.t / gridMs) - first;
      if (k < 0 || k >= slots) continue;
      used[k] = 1;
      if (g.count[k] === 0) {
        g.mean[k] = b.mean;
        g.min[k] = b.min;
        g.max[k] = b.max;
      } else {
        g.mean[k] += ((b.mean - g.mean[k]) * b.count) / (g.count[k] + b.count);
        g.min[k] = Math.min(g.min[k], b.min);
        g.max[k] = Math.max(g.max[k], b.max);
      }
      g.count[k] += b.count;
    }
    // Sample and hold across short holes: a slow channel on a fast grid, or a lost reading or two.
    const hold = Math.max(1, Math.ceil((GRID_RULES.holdIntervals * typicalInterval(s)) / gridMs) - 1);
    let lastAt = -Infinity;
    for (let k = 0; k < slots; k++) {
      if (g.count[k] > 0) lastAt = k;
      else if (k - lastAt <= hold && lastAt >= 0 && used[k]) {
        g.mean[k] = g.mean[lastAt];
        g.min[k] = g.mean[lastAt];
        g.max[k] = g.mean[lastAt];
        g.held[k] = 1;
      }
    }
  });
  const keep: number[] = [];
  for (let k = 0; k < slots; k++) if (used[k]) keep.push(k);
  const pick = <T extends Float64Array | Uint8Array>(a: T): T => {
    const out = new (a.constructor as { new (n: number): T })(keep.length);
    keep.forEach((k, i) => {
      out[i] = a[k];
    });
    return out;
  };
  return {
    gridMs,
    times: Float64Array.from(keep, (k) => (first + k) * gridMs),
    channels: full.map((g) => ({
      mean: pick(g.mean),
      min: pick(g.min),
      max: pick(g.max),
      count: pick(g.count),
      held: pick(g.held),
    })),
  };
}

/**
 * The grid for an assessment: the coarsest bucket width among the inputs, or the lower median of the raw channels'
 * typical intervals (the faster channels keep their rate, the slower are held), rounded to the ladder; coarser
 * still when the spans would make more points than the read limit.
 */
export function chooseGrid(series: readonly BucketSeries[], spans: readonly Span[]): number {
  let interval = 0;
  const rawIntervals: number[] = [];
  for (const s of series) {
    if (s.stepMs > 0) interval = Math.max(interval, s.stepMs);
    else if (s.buckets.length > 1) rawIntervals.push(typicalInterval(s));
  }
  if (rawIntervals.length > 0) {
    rawIntervals.sort((a, b) => a - b);
    interval = Math.max(interval, rawIntervals[(rawIntervals.length - 1) >> 1]);
  }
  const longest = Math.max(...spans.map((s) => s.to - s.from));
  interval = Math.max(interval, longest / GRID_RULES.maxRowsPerChannel);
  return gridStep(interval || 1000);
}
