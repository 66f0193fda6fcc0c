/**
 * Point-wise scoring of a detector on a simulated run: every sample of the scored part is a point, labelled by
 * the fault episodes and flagged by the detector's spans (for the engine, its anomaly episodes).
 */
import { QUANTITIES } from '@common/quantities';
import { ROLLUPS, type Rollup, rollUp } from '../condition/rollup';
import type { Bucket, ChannelSeries, Span } from '../condition/types';
import type { SimulatedRun } from './runs';

export type Counts = { tp: number; fp: number; tn: number; fn: number };
export type Scores = Counts & { falseAlarmRate: number; missedAlarmRate: number; f1: number };

/** A run's channels as the database would hand them over: each span read at its rollup. */
export function channelsOf(run: SimulatedRun, rollups: { reference: Rollup; window: Rollup }): ChannelSeries[] {
  const read = (values: Float64Array, span: Span, rollup: Rollup): { stepMs: number; buckets: Bucket[] } => {
    const readings: { t: number; v: number }[] = [];
    for (let i = 0; i < values.length; i++) {
      const t = run.times[i];
      if (t > span.from && t <= span.to && Number.isFinite(values[i])) readings.push({ t, v: values[i] });
    }
    if (rollup === 'raw') {
      return {
        stepMs: 0,
        buckets: readings.map((r) => ({ t: r.t, count: 1, mean: r.v, min: r.v, max: r.v, last: r.v })),
      };
    }
    return { stepMs: ROLLUPS[rollup], buckets: rollUp(readings, ROLLUPS[rollup]) };
  };
  return run.channels.map((c) => ({
    name: c.name,
    quantity: c.quantity,
    role: c.role,
    displayUnit: QUANTITIES[c.quantity].unit,
    reference: read(c.values, run.reference, rollups.reference),
    window: read(c.values, run.scored, rollups.window),
  }));
}

/** Counts over the scored samples: flagged when inside one of `spans` (end null = to the end of the run). */
export function countPoints(run: SimulatedRun, spans: readonly { start: number; end: number | null }[]): Counts {
  const counts: Counts = { tp: 0, fp: 0, tn: 0, fn: 0 };
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let s = 0;
  let f = 0;
  for (let i = 0; i < run.times.length; i++) {
    const t = run.times[i];
    if (t <= run.scored.from || t > run.scored.to) continue;
    while (s < sorted.length && (sorted[s].end ?? Number.POSITIVE_INFINITY) <= t) s++;
    while (f < run.faults.length && run.faults[f].to <= t) f++;
    const flagged = s < sorted.length && sorted[s].start <= t;
    const faulty = f < run.faults.length && run.faults[f].from <= t;
    if (flagged && faulty) counts.tp++;
    else if (flagged) counts.fp++;
    else if (faulty) counts.fn++;
    else counts.tn++;
  }
  return counts;
}

export function addCounts(a: Counts, b: Counts): Counts {
  return { tp: a.tp + b.tp, fp: a.fp + b.fp, tn: a.tn + b.tn, fn: a.fn + b.fn };
}

/** False-alarm rate FP/(FP+TN), missed-alarm rate FN/(FN+TP) and F1 = 2TP/(2TP+FP+FN). */
export function scoresOf(c: Counts): Scores {
  return {
    ...c,
    falseAlarmRate: c.fp / Math.max(1, c.fp + c.tn),
    missedAlarmRate: c.fn / Math.max(1, c.fn + c.tp),
    f1: (2 * c.tp) / Math.max(1, 2 * c.tp + c.fp + c.fn),
  };
}
