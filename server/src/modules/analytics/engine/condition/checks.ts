/**
 * The univariate checks that earn their place beside the multivariate model: glitches (a Hampel filter scaled by
 * the channel's own noise and resolution), stuck or flat-lined transmitters (still for far longer than the
 * reference ever was), and the ISO 20816 severity zones of vibration velocity.
 */
import type { VibrationZones } from './types';

export const CHECK_RULES = {
  /** Hampel filter: neighbours either side, and the threshold in robust sigmas (Hampel 1974; Pearson 2002). */
  hampelHalfWindow: 3,
  hampelThreshold: 6,
  /** Fewest still points that can make a stuck transmitter, whatever the reference shows. */
  minStuckPoints: 10,
  /** Chance, under the reference's own stillness, of a still run this long anywhere in the window. */
  stuckChance: 1e-4,
} as const;

/** Median of the first `n` entries of `buf`, sorting them in place (n is at most 7). */
function smallMedian(buf: Float64Array, n: number): number {
  for (let i = 1; i < n; i++) {
    const x = buf[i];
    let j = i - 1;
    while (j >= 0 && buf[j] > x) {
      buf[j + 1] = buf[j];
      j--;
    }
    buf[j + 1] = x;
  }
  return n % 2 ? buf[n >> 1] : (buf[(n >> 1) - 1] + buf[n >> 1]) / 2;
}

/**
 * Hampel filter over a channel's points (NaN = no reading): each point against the median of itself and its
 * neighbours; a glitch when it is further than 6 robust sigmas, the sigma never below the channel's noise (which
 * is never below its resolution, so a quantised transmitter's single step is never a glitch).
 */
export function hampel(values: Float64Array, noise: number): { clean: Float64Array; glitch: Uint8Array } {
  const k = CHECK_RULES.hampelHalfWindow;
  const present: number[] = [];
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) present.push(i);
  const clean = Float64Array.from(values);
  const glitch = new Uint8Array(values.length);
  const buf = new Float64Array(2 * k + 1);
  for (let p = 0; p < present.length; p++) {
    const lo = Math.max(0, p - k);
    const n = Math.min(present.length - 1, p + k) - lo + 1;
    for (let j = 0; j < n; j++) buf[j] = values[present[lo + j]];
    const m = smallMedian(buf, n);
    for (let j = 0; j < n; j++) buf[j] = Math.abs(values[present[lo + j]] - m);
    const sigma = Math.max(1.4826 * smallMedian(buf, n), noise);
    const i = present[p];
    if (Math.abs(values[i] - m) > CHECK_RULES.hampelThreshold * sigma) {
      glitch[i] = 1;
      clean[i] = m;
    }
  }
  return { clean, glitch };
}

/**
 * How many still points in a row make a transmitter stuck: more than twice the longest still run of the
 * reference, and so many that the reference's chance of a still point makes such a run improbable anywhere in the
 * window. A channel that hardly ever moved in the reference is never called stuck.
 */
export function stuckThreshold(stillness: { longest: number; chance: number }, windowPoints: number): number {
  if (stillness.chance >= 0.999) return Number.POSITIVE_INFINITY;
  const byChance =
    stillness.chance > 0
      ? Math.ceil(Math.log(CHECK_RULES.stuckChance / Math.max(1, windowPoints)) / Math.log(stillness.chance))
      : 0;
  return Math.max(CHECK_RULES.minStuckPoints, 2 * stillness.longest + 1, byChance);
}

/** Runs of still points (first index, last index) at least `threshold` points long. */
export function stillRuns(
  min: Float64Array,
  max: Float64Array,
  held: Uint8Array,
  threshold: number,
): { from: number; to: number }[] {
  const runs: { from: number; to: number }[] = [];
  let start = -1;
  const close = (end: number) => {
    if (start >= 0 && end - start + 1 >= threshold) runs.push({ from: start, to: end });
    start = -1;
  };
  for (let i = 1; i < min.length; i++) {
    const still = !held[i] && !held[i - 1] && min[i] === max[i] && min[i - 1] === max[i - 1] && min[i] === max[i - 1];
    if (still) {
      if (start < 0) start = i - 1;
    } else close(i - 1);
  }
  close(min.length - 1);
  return runs;
}

export function vibrationZone(level: number, zones: VibrationZones): 'A' | 'B' | 'C' | 'D' {
  if (level >= zones.cd) return 'D';
  if (level >= zones.bc) return 'C';
  if (level >= zones.ab) return 'B';
  return 'A';
}

/** Condition 0-1 from the absolute ISO 20816 zone: A 0, B 0 → 0.15, C 0.5 → 0.85, D 1. */
export function zoneCondition(level: number, zones: VibrationZones): number {
  if (!Number.isFinite(level)) return 0;
  if (level >= zones.cd) return 1;
  if (level >= zones.bc) return 0.5 + (0.35 * (level - zones.bc)) / (zones.cd - zones.bc);
  if (level >= zones.ab) return (0.15 * (level - zones.ab)) / (zones.bc - zones.ab);
  return 0;
}

export const ZONE_MEANINGS = {
  A: 'as a new machine',
  B: 'acceptable for long-term operation',
  C: 'not acceptable for long-term operation',
  D: 'vibration of this severity can damage the valve',
} as const;
