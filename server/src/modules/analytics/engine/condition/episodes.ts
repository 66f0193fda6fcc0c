/**
 * Anomaly episodes from the detection index: where the valve left its reference behaviour, for how long, how
 * badly, and through which channels. An episode opens when the index passes its limit for a few points in a row,
 * goes on while it stays above a lower hysteresis level, and closes after a lull as long as the averaging window
 * (shorter lulls merge), or at a gap in the readings.
 */
import { QUANTITIES, type Quantity } from '@common/quantities';
import type { AnomalySeverity } from '@common/schemas/analytics';
import { clamp } from '../stats';
import type { ChannelProfile } from './reference';
import type { Direction } from './types';

export const EPISODE_RULES = {
  /** An episode goes on while the index stays above this share of the limit. */
  hysteresis: 0.7,
  /** Points in a row above the limit that open an episode: this share of the averaging window, at least 2. */
  openShare: 0.3,
  /** A channel counts in an episode's condition at a point when its window mean is this many scales off. */
  visibleZ: 2,
  /**
   * An episode is reported when some channel's change is large in practice (condition above 0) or the index
   * peaked at this multiple of its limit: a marginal, negligible departure is the false-alarm rate at work.
   */
  clearPeak: 3,
  /**
   * Channels that moved together through an episode: at least `channels` whose mean window z over it is at least
   * `z` one way and at least `share` of their mean |z| (consistently that way, not swinging). They are named in the
   * episode even when none moved a full scale: a small shift of several at once is the finding (issue 35).
   */
  together: { channels: 3, z: 0.3, share: 0.7 },
  /** Channels named in an episode: contribution share at least this, at most `maxChannels`. */
  minShare: 0.1,
  maxChannels: 4,
} as const;

/**
 * How big a change is in practice, per quantity, on a scale 0 (negligible) to 1 (at a failure threshold):
 * `relative` in percent of the reference level (from → 0, from + span → 1), used while that level stands clear of
 * zero; `points` in the channel's own unit (percentage points of travel); `spread` in multiples of the reference's
 * spread of values (operating variation included), for interval scales and levels near zero. Engineering choices,
 * docs/analytics.md § Severity.
 */
type Magnitude =
  | { kind: 'relative'; from: number; span: number }
  | { kind: 'points'; from: number; span: number }
  | { kind: 'spread'; from: number; span: number; floor: number };
const SPREAD = { kind: 'spread', from: 2, span: 4, floor: 0 } as const;
export const MAGNITUDES: Record<Quantity, Magnitude> = {
  // However quiet the sensor, a change under 1 K (two spreads of 0.5 K) is not large for a valve.
  temperature: { ...SPREAD, floor: 0.5 },
  pressure: { kind: 'relative', from: 2, span: 6 },
  differentialPressure: { kind: 'relative', from: 5, span: 20 },
  actuatorSupplyPressure: { kind: 'relative', from: 5, span: 25 },
  flow: { kind: 'relative', from: 3, span: 17 },
  vibrationVelocity: { kind: 'relative', from: 25, span: 125 },
  vibrationAcceleration: { kind: 'relative', from: 25, span: 125 },
  current: { kind: 'relative', from: 3, span: 12 },
  voltage: { kind: 'relative', from: 2, span: 8 },
  position: { kind: 'points', from: 1, span: 9 },
  travel: { kind: 'relative', from: 2, span: 10 },
  torque: { kind: 'relative', from: 5, span: 20 },
};

/** A level "stands clear of zero" when it is this many residual scales away from it. */
const CLEAR_OF_ZERO = 10;

export function clearOfZero(expected: number, profile: ChannelProfile): boolean {
  return Math.abs(expected) > CLEAR_OF_ZERO * profile.scale;
}

/** Condition 0-1 of a change of a channel against its expected level. */
export function changeCondition(quantity: Quantity, change: number, expected: number, profile: ChannelProfile): number {
  const rule = MAGNITUDES[quantity];
  if (rule.kind === 'relative' && clearOfZero(expected, profile)) {
    return clamp(((Math.abs(change) / Math.abs(expected)) * 100 - rule.from) / rule.span, 0, 1);
  }
  if (rule.kind === 'points') return clamp((Math.abs(change) - rule.from) / rule.span, 0, 1);
  const floor = rule.kind === 'spread' ? rule.floor : 0;
  return clamp((Math.abs(change) / Math.max(profile.spread, floor) - SPREAD.from) / SPREAD.span, 0, 1);
}

export function severityOf(condition: number): AnomalySeverity {
  if (condition >= 0.75) return 'critical';
  if (condition >= 0.4) return 'high';
  if (condition >= 0.15) return 'medium';
  return 'low';
}

/** Point indices of one episode: first and last point above the hysteresis level, and whether it lasts. */
export type Run = { first: number; last: number; open: boolean };

/** Episodes of the index `phi` (NaN = not judged) over points at `times` on a grid of `gridMs`. */
export function findRuns(
  phi: Float64Array,
  times: Float64Array,
  gridMs: number,
  windowPoints: number,
  end: number,
): Run[] {
  const openAfter = Math.max(2, Math.round(EPISODE_RULES.openShare * windowPoints));
  const lull = Math.max(2, windowPoints);
  const runs: Run[] = [];
  let first = -1;
  let last = -1;
  let hot = 0;
  let streak = 0;
  let prevTime = Number.NaN;
  const close = () => {
    if (first >= 0 && hot >= openAfter) runs.push({ first, last, open: false });
    first = -1;
    hot = 0;
  };
  for (let i = 0; i < phi.length; i++) {
    if (!Number.isFinite(phi[i])) continue;
    if (first >= 0 && (times[i] - times[last] > lull * gridMs || times[i] - prevTime > lull * gridMs)) close();
    prevTime = times[i];
    streak = phi[i] > 1 ? streak + 1 : 0;
    // Until enough points in a row confirm it, a fall below the hysteresis level drops the candidate.
    if (first >= 0 && hot < openAfter && streak < openAfter && phi[i] <= EPISODE_RULES.hysteresis) {
      first = -1;
      hot = 0;
    }
    if (first < 0) {
      if (streak === 0) continue;
      first = i;
    }
    if (phi[i] > EPISODE_RULES.hysteresis) last = i;
    if (phi[i] > 1) hot = Math.max(hot, streak);
  }
  if (first >= 0 && hot >= openAfter) {
    runs.push({ first, last, open: end - times[last] <= lull * gridMs });
  }
  return runs;
}

/** Per model channel over an episode: mean change, expected level, seen level, mean window z and mean |z|. */
export type ChannelChange = {
  channel: number;
  change: number;
  expected: number;
  level: number;
  z: number;
  absZ: number;
  share: number;
};

export function channelChanges(
  run: Run,
  channels: readonly number[],
  residual: Float64Array[],
  expected: Float64Array[],
  z: Float64Array[],
  contribution: Float64Array[],
  valid: Uint8Array,
): ChannelChange[] {
  const totals = channels.map((channel, m) => {
    let change = 0;
    let exp = 0;
    let zs = 0;
    let absZ = 0;
    let contrib = 0;
    let count = 0;
    for (let i = run.first; i <= run.last; i++) {
      if (!valid[i] || !Number.isFinite(residual[m][i])) continue;
      change += residual[m][i];
      exp += expected[m][i];
      zs += Number.isFinite(z[m][i]) ? z[m][i] : 0;
      absZ += Number.isFinite(z[m][i]) ? Math.abs(z[m][i]) : 0;
      contrib += contribution[m][i];
      count++;
    }
    const c = Math.max(1, count);
    return {
      channel,
      change: change / c,
      expected: exp / c,
      level: (exp + change) / c,
      z: zs / c,
      absZ: absZ / c,
      share: contrib,
    };
  });
  const sum = totals.reduce((s, t) => s + t.share, 0) || 1;
  for (const t of totals) t.share /= sum;
  return totals.sort((a, b) => b.share - a.share);
}

const MINUS = '\u2212';

export function formatNumber(v: number): string {
  const a = Math.abs(v);
  return a >= 100 ? v.toFixed(0) : a >= 10 ? v.toFixed(1) : a >= 1 ? v.toFixed(2) : v.toPrecision(2);
}

/** How a channel's values are shown: its unit's label and the conversion of a change into that unit. */
export type Display = { unit: string; label: string; change: (canonicalChange: number) => number };

/**
 * "flow −38%", "temperature +4.2 °F", "position −3.1 % points": `value` in percent of the level (ratio scales,
 * level clear of zero) or in the canonical unit; the text in the display unit. A channel that swung both ways
 * (`swing`: its typical size when the mean hides it) reads "travel ±1.2 % points".
 */
export function changeText(
  name: string,
  quantity: Quantity,
  change: number,
  expected: number,
  profile: ChannelProfile,
  display: Display,
  swing: number | null = null,
): { value: number; unit: string; text: string; direction: Direction } {
  const direction: Direction = change >= 0 ? 'up' : 'down';
  const sign = swing !== null ? '±' : change >= 0 ? '+' : MINUS;
  const size = swing ?? change;
  const scale = QUANTITIES[quantity].scale;
  if (scale === 'ratio' && clearOfZero(expected, profile)) {
    const pct = (size / Math.abs(expected)) * 100;
    const shown = Math.abs(pct) >= 10 ? Math.round(Math.abs(pct)).toString() : Math.abs(pct).toFixed(1);
    return { value: (change / Math.abs(expected)) * 100, unit: '%', text: `${name} ${sign}${shown}%`, direction };
  }
  const label = scale === 'percent' ? '% points' : display.label;
  const text = `${name} ${sign}${formatNumber(Math.abs(display.change(size)))} ${label}`;
  return { value: change, unit: QUANTITIES[quantity].unit, text, direction };
}
