/**
 * The two plain detectors the condition benchmark compares the engine with, on the same points (the channels'
 * means on the engine's grid, reference learned from the same period):
 *  - per-channel robust z-score: |x − median| / (1.4826 · MAD) > 3.5 on any channel (Iglewicz & Hoaglin 1993);
 *  - Hotelling T² alone: (x − mean)ᵀ S⁻¹ (x − mean) of all channels against the reference's mean and covariance,
 *    above the χ² quantile at 1 % (Wilson–Hilferty), point by point, no averaging, no episodes.
 * Each returns the flagged spans, one per flagged grid slot.
 */
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import type { ChannelSeries, Span } from '../server/src/modules/analytics/engine';
import { chooseGrid, layOnGrid, median } from '../server/src/modules/analytics/engine';

type Spans = { start: number; end: number }[];

function grids(channels: readonly ChannelSeries[], reference: Span, window: Span) {
  const series = channels.flatMap((c) => [c.reference, c.window]);
  const gridMs = chooseGrid(series, [reference, window]);
  return {
    gridMs,
    ref: layOnGrid(
      channels.map((c) => c.reference),
      reference,
      gridMs,
    ),
    win: layOnGrid(
      channels.map((c) => c.window),
      window,
      gridMs,
    ),
  };
}

export function robustZDetector(channels: readonly ChannelSeries[], reference: Span, window: Span): Spans {
  const { gridMs, ref, win } = grids(channels, reference, window);
  const stats = ref.channels.map((c) => {
    const values = c.mean.filter(Number.isFinite);
    const m = median(values);
    return { m, s: 1.4826 * median(values.map((v) => Math.abs(v - m))) };
  });
  const spans: Spans = [];
  for (let i = 0; i < win.times.length; i++) {
    // A MAD of zero makes every reading off the median infinitely far: the plain score's known failure.
    const flagged = win.channels.some((c, k) => Math.abs(c.mean[i] - stats[k].m) / stats[k].s > 3.5);
    if (flagged) spans.push({ start: win.times[i], end: win.times[i] + gridMs });
  }
  return spans;
}

/** χ² quantile by the Wilson–Hilferty approximation. */
function chiSquareQuantile(dof: number, z: number): number {
  const a = 2 / (9 * dof);
  return dof * (1 - a + z * Math.sqrt(a)) ** 3;
}

export function hotellingDetector(channels: readonly ChannelSeries[], reference: Span, window: Span): Spans {
  const { gridMs, ref, win } = grids(channels, reference, window);
  const n = channels.length;
  const rows: number[][] = [];
  for (let i = 0; i < ref.times.length; i++) {
    const row = ref.channels.map((c) => c.mean[i]);
    if (row.every(Number.isFinite)) rows.push(row);
  }
  const mean = Array.from({ length: n }, (_, k) => rows.reduce((s, r) => s + r[k], 0) / Math.max(1, rows.length));
  const cov = new Matrix(n, n);
  for (const r of rows) {
    for (let a = 0; a < n; a++)
      for (let b = 0; b < n; b++) cov.set(a, b, cov.get(a, b) + (r[a] - mean[a]) * (r[b] - mean[b]));
  }
  const scaled = cov.div(Math.max(1, rows.length - 1));
  // Pseudo-inverse: a flat channel has no variance to invert.
  const evd = new EigenvalueDecomposition(scaled, { assumeSymmetric: true });
  const top = Math.max(...evd.realEigenvalues);
  const inverse = new Matrix(n, n);
  evd.realEigenvalues.forEach((lambda, e) => {
    if (lambda <= 1e-12 * top) return;
    const v = evd.eigenvectorMatrix.getColumn(e);
    for (let a = 0; a < n; a++)
      for (let b = 0; b < n; b++) inverse.set(a, b, inverse.get(a, b) + (v[a] * v[b]) / lambda);
  });
  const limit = chiSquareQuantile(n, 2.326);
  const spans: Spans = [];
  const d = new Float64Array(n);
  for (let i = 0; i < win.times.length; i++) {
    for (let k = 0; k < n; k++) d[k] = Number.isFinite(win.channels[k].mean[i]) ? win.channels[k].mean[i] - mean[k] : 0;
    let t2 = 0;
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) t2 += d[a] * inverse.get(a, b) * d[b];
    if (t2 > limit) spans.push({ start: win.times[i], end: win.times[i] + gridMs });
  }
  return spans;
}
