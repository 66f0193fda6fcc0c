/**
 * What the model judges: each channel's departure from what the reference shows at the same valve opening. The
 * opening is the measured travel where there is one (flow, pressures and current follow where the plug is), else
 * the command. The travel itself is judged against the command as the positioner should follow it: through a
 * first-order lag whose time constant is learned from the reference, so ordinary strokes are not departures but a
 * slower, stuck or capped travel is.
 */
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
      for (const lagMs of LAGS_MS.filter((l) => l <= 50 * data.gridMs)) {
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
  const channels = profiles.flatMap((p, c) => (p ? [c] : []));
  return { channels, profiles, opening, positioner };
}

/**
 * Residuals against the reference at the same opening, and their centred window means in units of each channel's
 * residual scale. The window never reaches across a gap in time.
 */
export function standardise(features: Features, data: SpanData, windowPoints: number): Standardised {
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
