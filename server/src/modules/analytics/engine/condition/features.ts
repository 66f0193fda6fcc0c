/**
 * What the model judges: each channel's departure from what the reference shows at the same valve opening. The
 * opening is the measured travel where there is one (flow, pressures and current follow where the plug is), else
 * the command. The travel itself is judged against the command as the positioner should follow it: through a
 * first-order lag whose time constant is learned from the reference, so ordinary strokes are not departures but a
 * slower, stuck or capped travel is.
 */
import { leastSquares, median, robustSigma } from '../stats';
import { type ChannelProfile, expectedAt, fitProfile, normalisedState, type StateAxis, stateAxisOf } from './reference';

/** The cleaned values of one span, per channel, on its grid (NaN = no usable reading). */
export type SpanData = { times: Float64Array; values: Float64Array[]; gridMs: number };

/** Which channels say how open the valve is: the measured travel and the command, −1 when absent. */
export type Openings = { travel: number; command: number };

export type Features = {
  /** Channels the model uses. */
  channels: number[];
  profiles: (ChannelProfile | null)[];
  /** The opening the other channels are judged at. */
  opening: { channel: number; axis: StateAxis } | null;
  /** The travel judged against the lagged command. */
  positioner: { travel: number; command: number; axis: StateAxis; lagMs: number } | null;
};

export type Standardised = {
  /** Per model channel: value − expected (canonical unit), its window mean in units of the channel's scale. */
  residual: Float64Array[];
  expected: Float64Array[];
  z: Float64Array[];
  /** 1 where enough of the model's channels are known to judge the point. */
  valid: Uint8Array;
};

export const DRIFT_RULES = {
  /**
   * A channel drifts when a straight line through its reference residuals changes by this many times their
   * spread around the line…
   */
  scales: 3,
  /** …and explains at least this share of their variance. */
  r2: 0.2,
  /** A drifting channel's own recent level: the mean of this many averaging windows before the point. */
  baselineWindows: 20,
} as const;

/** Positioner time constants tried, ms. */
const LAGS_MS = [0, 1_000, 2_000, 3_000, 5_000, 8_000, 13_000, 20_000, 30_000, 60_000, 120_000, 300_000];

/** The command as the travel would follow it through a first-order lag of `lagMs`. */
function lagged(data: SpanData, command: number, lagMs: number): Float64Array {
  const c = data.values[command];
  const out = new Float64Array(c.length);
  let y = Number.NaN;
  for (let i = 0; i < c.length; i++) {
    if (!Number.isFinite(c[i])) {
      out[i] = y;
      continue;
    }
    const dt = i > 0 ? data.times[i] - data.times[i - 1] : Number.POSITIVE_INFINITY;
    y = !Number.isFinite(y) || lagMs === 0 ? c[i] : y + (1 - Math.exp(-dt / lagMs)) * (c[i] - y);
    out[i] = y;
  }
  return out;
}

const normalise = (values: Float64Array, axis: StateAxis) => Float64Array.from(values, (v) => normalisedState(axis, v));

/** Profiles, the opening's axis and the positioner's lag learned from the reference points `indices`. */
export function learnFeatures(
  data: SpanData,
  indices: readonly number[],
  openings: Openings,
  resolutions: readonly number[],
  windowPoints: number,
  knownLagMs?: number,
): Features {
  const openingChannel = openings.travel >= 0 ? openings.travel : openings.command;
  let opening: Features['opening'] = null;
  if (openingChannel >= 0) {
    const axis = stateAxisOf(data.values[openingChannel], indices);
    if (axis) opening = { channel: openingChannel, axis };
  }
  const u = opening ? normalise(data.values[opening.channel], opening.axis) : null;
  const degree = opening?.axis.degree ?? 0;
  const profiles = data.values.map((v, c) =>
    c === openings.travel || c === openings.command ? null : fitProfile(v, indices, u, degree, resolutions[c]),
  );

  let positioner: Features['positioner'] = null;
  if (openings.travel >= 0 && openings.command >= 0) {
    const axis = stateAxisOf(data.values[openings.command], indices);
    if (axis) {
      let best: { profile: ChannelProfile; lagMs: number } | null = null;
      // Lags far below the grid step cannot be told apart; a known lag (the full reference's) is not searched again.
      const lags =
        knownLagMs !== undefined
          ? [knownLagMs]
          : LAGS_MS.filter((l) => l === 0 || (l >= data.gridMs / 4 && l <= 50 * data.gridMs));
      for (const lagMs of lags) {
        const uc = normalise(lagged(data, openings.command, lagMs), axis);
        const profile = fitProfile(
          data.values[openings.travel],
          indices,
          uc,
          axis.degree,
          resolutions[openings.travel],
        );
        if (profile && (!best || profile.scale < best.profile.scale)) best = { profile, lagMs };
      }
      if (best) {
        profiles[openings.travel] = best.profile;
        positioner = { travel: openings.travel, command: openings.command, axis, lagMs: best.lagMs };
      }
    }
  }
  for (const [c, profile] of profiles.entries()) {
    if (profile && c !== positioner?.travel) {
      markDrift(profile, data, indices, residualsOf(profile, data, c, u), windowPoints);
    }
  }
  const channels = profiles.flatMap((p, c) => (p ? [c] : []));
  return { channels, profiles, opening, positioner };
}

function residualsOf(profile: ChannelProfile, data: SpanData, channel: number, u: Float64Array | null): Float64Array {
  const v = data.values[channel];
  return Float64Array.from(v, (x, i) => x - expectedAt(profile, u ? u[i] : 0));
}

/**
 * Each point's trailing baseline: the mean residual over `points` points ending half an averaging window before it
 * (so a sudden change is not its own baseline), leaving out the points in `exclude` (judged departures, so an
 * episode does not become the baseline its end is judged against). With too few points the last baseline holds.
 */
function trailingBaseline(
  residual: Float64Array,
  times: Float64Array,
  gridMs: number,
  points: number,
  skip: number,
  exclude?: Uint8Array,
) {
  const n = residual.length;
  const sum = new Float64Array(n + 1);
  const count = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const ok = Number.isFinite(residual[i]) && !exclude?.[i];
    sum[i + 1] = sum[i] + (ok ? residual[i] : 0);
    count[i + 1] = count[i] + (ok ? 1 : 0);
  }
  const out = new Float64Array(n).fill(Number.NaN);
  let held = Number.NaN;
  for (let i = 0; i < n; i++) {
    const hi = i - skip;
    const lo = Math.max(0, hi - points);
    if (i > 0 && times[i] - times[i - 1] > points * gridMs) held = Number.NaN;
    const k = hi > lo ? count[hi] - count[lo] : 0;
    if (k >= points / 4) held = (sum[hi] - sum[lo]) / k;
    out[i] = held;
  }
  return out;
}

/**
 * Marks a channel that drifted through the reference: it is then judged against its own trailing baseline, and its
 * scale is the spread of its residuals around that baseline.
 */
function markDrift(
  profile: ChannelProfile,
  data: SpanData,
  indices: readonly number[],
  residual: Float64Array,
  windowPoints: number,
): void {
  const t: number[] = [];
  const r: number[] = [];
  for (const i of indices) {
    if (Number.isFinite(residual[i])) {
      t.push(data.times[i]);
      r.push(residual[i]);
    }
  }
  if (t.length < 3) return;
  const span = t[t.length - 1] - t[0];
  const fit = leastSquares(
    t.map((x) => (x - t[0]) / Math.max(1, span)),
    r,
  );
  const aroundLine = r.map((v, i) => v - fit.intercept - (fit.slope * (t[i] - t[0])) / Math.max(1, span));
  const noise = Math.max(robustSigma(aroundLine, median(aroundLine)), profile.resolution);
  if (Math.abs(fit.slope) <= DRIFT_RULES.scales * noise || fit.r2 < DRIFT_RULES.r2) return;
  const points = DRIFT_RULES.baselineWindows * windowPoints;
  const baseline = trailingBaseline(residual, data.times, data.gridMs, points, windowPoints >> 1);
  const around: number[] = [];
  for (const i of indices) {
    const d = residual[i] - baseline[i];
    if (Number.isFinite(d)) around.push(d);
  }
  if (around.length < 3) return;
  profile.baselinePoints = points;
  // Judged against the baseline plus the drift's usual lead over it, its departures are centred on zero as every
  // other channel's are: a lead left in would look like a standing departure to the model (issue 35: with one
  // channel so offset, the principal components kept were that channel's alone).
  profile.baselineLead = median(around);
  profile.scale = Math.max(robustSigma(around, profile.baselineLead), profile.resolution, 1e-9 * profile.spread);
}

/**
 * Residuals against the reference at the same opening, and their centred window means in units of each channel's
 * residual scale. The window never reaches across a gap in time.
 */
export function standardise(
  features: Features,
  data: SpanData,
  windowPoints: number,
  exclude?: Uint8Array,
): Standardised {
  const n = data.times.length;
  const u = features.opening ? normalise(data.values[features.opening.channel], features.opening.axis) : null;
  const p = features.positioner;
  const uTravel = p ? normalise(lagged(data, p.command, p.lagMs), p.axis) : null;
  const residual: Float64Array[] = [];
  const expected: Float64Array[] = [];
  const z: Float64Array[] = [];
  const half = windowPoints >> 1;
  const maxSpan = (half + 0.5) * data.gridMs;
  for (const c of features.channels) {
    const profile = features.profiles[c] as ChannelProfile;
    const state = p && c === p.travel ? uTravel : u;
    const v = data.values[c];
    const e = new Float64Array(n);
    const r = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      e[i] = expectedAt(profile, state ? state[i] : 0);
      r[i] = v[i] - e[i];
    }
    if (profile.baselinePoints > 0) {
      const baseline = trailingBaseline(r, data.times, data.gridMs, profile.baselinePoints, windowPoints >> 1, exclude);
      for (let i = 0; i < n; i++) {
        e[i] += baseline[i] + profile.baselineLead;
        r[i] -= baseline[i] + profile.baselineLead;
      }
    }
    const s = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let sum = 0;
      let count = 0;
      for (let j = Math.max(0, i - half); j <= Math.min(n - 1, i + half); j++) {
        if (Math.abs(data.times[j] - data.times[i]) > maxSpan || !Number.isFinite(r[j])) continue;
        sum += r[j];
        count++;
      }
      s[i] = count * 2 > Math.min(windowPoints, n) ? sum / count / profile.scale : Number.NaN;
    }
    residual.push(r);
    expected.push(e);
    z.push(s);
  }
  const valid = new Uint8Array(n);
  const needed = Math.ceil(features.channels.length / 2);
  for (let i = 0; i < n; i++) {
    let known = 0;
    for (const s of z) if (Number.isFinite(s[i])) known++;
    valid[i] = features.channels.length > 0 && known >= needed ? 1 : 0;
  }
  return { residual, expected, z, valid };
}
