/**
 * From the database's buckets to clean points: both spans laid on one grid, each transmitter's resolution, stuck
 * runs masked out of the window, glitches replaced by their neighbours' median. Everything after this works on
 * points whatever the rate the readings came at.
 */
import { robustSigma } from '../stats';
import { hampel, stillRuns, stuckThreshold } from './checks';
import type { Openings, SpanData } from './features';
import { resolutionOf, stillnessOf } from './reference';
import { chooseGrid, type Grid, layOnGrid } from './rollup';
import type { ChannelSeries, Glitch, Span, StuckSpan } from './types';

export const WINDOW_RULES = {
  /**
   * Points the detection averages over: enough for about 15 readings, never more than 10 minutes, between 3 and
   * 15 points (15 raw readings at 1 Hz; 3 minute buckets of a 1 Hz channel; 3 hourly readings).
   */
  readings: 15,
  averagingMs: 600_000,
  minPoints: 3,
  maxPoints: 15,
} as const;

export function windowPointsFor(gridMs: number, readingsPerPoint: number): number {
  const points = Math.min(WINDOW_RULES.readings / Math.max(1, readingsPerPoint), WINDOW_RULES.averagingMs / gridMs);
  return Math.min(WINDOW_RULES.maxPoints, Math.max(WINDOW_RULES.minPoints, Math.round(points)));
}

export type Prepared = {
  gridMs: number;
  windowPoints: number;
  refGrid: Grid;
  winGrid: Grid;
  reference: SpanData;
  window: SpanData;
  resolutions: number[];
  /** Per channel, its point-to-point noise in the reference (for the glitch filter). */
  noise: number[];
  glitchMask: Uint8Array[];
  glitches: Glitch[];
  stuck: StuckSpan[];
  read: { buckets: number; readings: number };
  /** The channels that say how open the valve is. */
  openings: Openings;
};

const allIndices = (n: number) => Array.from({ length: n }, (_, i) => i);

/** The position channels: the measured travel (role feedback, or the only position) and the command. */
export function openingsOf(channels: readonly ChannelSeries[]): Openings {
  const position = channels.map((c, i) => ({ c, i })).filter(({ c }) => c.quantity === 'position');
  const command = position.find(({ c }) => c.role === 'command')?.i ?? -1;
  const travel =
    position.find(({ c }) => c.role === 'feedback')?.i ?? (position.length === 1 && command < 0 ? position[0].i : -1);
  return { travel, command };
}

export function prepare(channels: readonly ChannelSeries[], reference: Span, window: Span): Prepared {
  const series = channels.flatMap((c) => [c.reference, c.window]);
  const gridMs = chooseGrid(series, [reference, window]);
  const refGrid = layOnGrid(
    channels.map((c) => c.reference),
    reference,
    gridMs,
  );
  const winGrid = layOnGrid(
    channels.map((c) => c.window),
    window,
    gridMs,
  );
  const read = { buckets: 0, readings: 0 };
  for (const s of series) {
    read.buckets += s.buckets.length;
    for (const b of s.buckets) read.readings += b.count;
  }
  const slots = refGrid.times.length + winGrid.times.length;
  const windowPoints = windowPointsFor(gridMs, read.readings / Math.max(1, slots * channels.length));

  const resolutions = channels.map((c) => {
    // The raw readings a rollup keeps (minima and maxima); a few thousand show a transmitter's step as well as all.
    const buckets = [...c.reference.buckets, ...c.window.buckets];
    const every = Math.max(1, Math.floor(buckets.length / 2000));
    const raw: number[] = [];
    for (let i = 0; i < buckets.length; i += every) raw.push(buckets[i].min, buckets[i].max);
    return resolutionOf(raw);
  });
  const refIdx = allIndices(refGrid.times.length);
  const refValues: Float64Array[] = [];
  const winValues: Float64Array[] = [];
  const noise: number[] = [];
  const glitchMask: Uint8Array[] = [];
  const glitches: Glitch[] = [];
  const stuck: StuckSpan[] = [];
  channels.forEach((channel, c) => {
    const r = refGrid.channels[c];
    const w = winGrid.channels[c];
    const masked = Float64Array.from(w.mean);
    const threshold = stuckThreshold(stillnessOf(r.min, r.max, r.held, refIdx), winGrid.times.length);
    for (const run of stillRuns(w.min, w.max, w.held, threshold)) {
      stuck.push({
        channel: channel.name,
        from: winGrid.times[run.from],
        to: winGrid.times[run.to],
        value: w.mean[run.from],
      });
      masked.fill(Number.NaN, run.from, run.to + 1);
    }
    const steps: number[] = [];
    for (let i = 1; i < r.mean.length; i++) {
      if (Number.isFinite(r.mean[i]) && Number.isFinite(r.mean[i - 1])) steps.push(r.mean[i] - r.mean[i - 1]);
    }
    const tiny = 1e-9 * r.mean.reduce((m, v) => (Number.isFinite(v) ? Math.max(m, Math.abs(v)) : m), 1e-300);
    noise[c] = Math.max(steps.length > 2 ? robustSigma(steps, 0) / Math.SQRT2 : 0, resolutions[c], tiny);
    const ref = hampel(r.mean, noise[c]);
    const win = hampel(masked, noise[c]);
    refValues.push(ref.clean);
    winValues.push(win.clean);
    glitchMask.push(win.glitch);
    glitches.push(...glitchWindows(channel.name, win.glitch, w.mean, win.clean, winGrid.times, gridMs, windowPoints));
  });
  return {
    gridMs,
    windowPoints,
    refGrid,
    winGrid,
    reference: { times: refGrid.times, values: refValues, gridMs },
    window: { times: winGrid.times, values: winValues, gridMs },
    resolutions,
    noise,
    glitchMask,
    glitches,
    stuck,
    read,
    openings: openingsOf(channels),
  };
}

/** Glitch points grouped into windows: points closer than the averaging window belong to one. */
function glitchWindows(
  channel: string,
  mask: Uint8Array,
  values: Float64Array,
  clean: Float64Array,
  times: Float64Array,
  gridMs: number,
  windowPoints: number,
): Glitch[] {
  const out: Glitch[] = [];
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const last = out[out.length - 1];
    if (last && times[i] - last.to <= windowPoints * gridMs) {
      last.to = times[i] + gridMs;
      last.points++;
      if (Math.abs(values[i] - clean[i]) > Math.abs(last.extreme - clean[i])) last.extreme = values[i];
    } else out.push({ channel, from: times[i], to: times[i] + gridMs, points: 1, extreme: values[i] });
  }
  return out;
}
