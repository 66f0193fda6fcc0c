/**
 * The multivariate model of a valve's healthy behaviour, learned from its reference period: each channel's
 * departure from what the reference shows at the same valve opening, in units of its own residual spread,
 * averaged over a short window, then principal component analysis with Hotelling's T² (departures along the
 * healthy correlations, beyond their usual size) and the squared prediction error SPE/Q (departures that break
 * them). Limits are quantiles of both statistics on reference data the model did not learn from (two-fold,
 * split in time), so the stated false-alarm rate holds for new data rather than for the data it was fitted to.
 * Jackson & Mudholkar 1979; MacGregor & Kourti 1995; contributions by reconstruction, Alcala & Qin 2009.
 */
import { quantile } from '../stats';
import { EPISODE_RULES, findRuns } from './episodes';
import { type Features, learnFeatures, type Openings, type SpanData, standardise } from './features';
import { combinedIndexMatrix, fitPca, type Pca, pointVector, statistics } from './pca';

export const MODEL_RULES = {
  /** Fewest reference points per fold for cross-validated limits (and per channel of the model). */
  minFoldPoints: 20,
  minFoldPointsPerChannel: 5,
  /** Without enough reference for two folds, the in-sample limits are widened by this factor. */
  inSampleWidening: 2,
} as const;

export type Model = Features & {
  pca: Pca;
  limits: { t2: number; spe: number };
  /** Reconstruction-based contribution matrix (n×n, row-major) of the combined index. */
  combined: Float64Array;
  windowPoints: number;
  referencePoints: number;
};

const validIndices = (valid: Uint8Array, within: readonly number[]) => within.filter((i) => valid[i]);

/**
 * Learns the model from the reference span: profiles, PCA, and limits at the false-alarm rate from two-fold
 * cross-validation in time (each half judged by a model learned from the other half).
 */
export function learnModel(
  reference: SpanData,
  openings: Openings,
  resolutions: readonly number[],
  windowPoints: number,
  falseAlarmRate: number,
): Model | null {
  const all = Array.from(reference.times, (_, i) => i);
  const features = learnFeatures(reference, all, openings, resolutions, windowPoints);
  if (features.channels.length === 0) return null;
  const std = standardise(features, reference, windowPoints);
  const fitted = validIndices(std.valid, all);
  const minFold = Math.max(
    MODEL_RULES.minFoldPoints,
    MODEL_RULES.minFoldPointsPerChannel * features.channels.length,
    3 * windowPoints,
  );
  if (fitted.length < minFold) return null;
  const pca = fitPca(std.z, fitted);
  const q = 1 - falseAlarmRate / 2;

  const inSample = statistics(pca, std);
  let t2Limit = quantile(pickFinite(inSample.t2, fitted), q);
  let speLimit = quantile(pickFinite(inSample.spe, fitted), q);
  const halves = [all.slice(0, all.length >> 1), all.slice(all.length >> 1)];
  const folds = halves.map((judged, f) =>
    crossStatistics(
      reference,
      halves[1 - f],
      judged,
      openings,
      resolutions,
      windowPoints,
      minFold,
      features.positioner?.lagMs,
    ),
  );
  let judgedStats: { t2: Float64Array; spe: Float64Array; times: Float64Array }[];
  if (folds.every((f) => f !== null)) {
    const cross = folds as NonNullable<(typeof folds)[number]>[];
    t2Limit = Math.max(t2Limit, quantile(concat(cross.map((f) => f.t2)), q));
    speLimit = Math.max(speLimit, quantile(concat(cross.map((f) => f.spe)), q));
    judgedStats = cross;
  } else {
    t2Limit *= MODEL_RULES.inSampleWidening;
    speLimit *= MODEL_RULES.inSampleWidening;
    judgedStats = [
      {
        t2: pickFinite(inSample.t2, fitted),
        spe: pickFinite(inSample.spe, fitted),
        times: pickFinite(reference.times, fitted),
      },
    ];
  }
  // A limit of zero would flag rounding: a model of one channel has no residual space.
  speLimit = Math.max(speLimit, 1e-9);
  t2Limit = Math.max(t2Limit, 1e-9);
  // The rate is stated for points inside episodes, so the limits are raised until the reference's own judged
  // points (with the episode rules: runs, hysteresis, merging) fall inside episodes no more often than that.
  const widening = episodeWidening(judgedStats, t2Limit, speLimit, reference.gridMs, windowPoints, falseAlarmRate);
  t2Limit *= widening;
  speLimit *= widening;
  return {
    ...features,
    pca,
    limits: { t2: t2Limit, spe: speLimit },
    combined: combinedIndexMatrix(pca, t2Limit, speLimit),
    windowPoints,
    referencePoints: fitted.length,
  };
}

/** The statistics of the `judged` points under a model learned from the `learned` points only. */
function crossStatistics(
  data: SpanData,
  learned: readonly number[],
  judged: readonly number[],
  openings: Openings,
  resolutions: readonly number[],
  windowPoints: number,
  minFold: number,
  lagMs: number | undefined,
) {
  const features = learnFeatures(data, learned, openings, resolutions, windowPoints, lagMs);
  if (features.channels.length === 0) return null;
  const std = standardise(features, data, windowPoints);
  const fit = validIndices(std.valid, learned);
  const test = validIndices(std.valid, judged);
  if (fit.length < minFold || test.length < minFold) return null;
  const stats = statistics(fitPca(std.z, fit), std);
  return { t2: pickFinite(stats.t2, test), spe: pickFinite(stats.spe, test), times: pickFinite(data.times, test) };
}

function concat(arrays: Float64Array[]): Float64Array {
  const out = new Float64Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

/**
 * The smallest factor (at least 1) on both limits that keeps the share of judged reference points inside
 * episodes at or below the false-alarm rate (bisection on a log scale).
 */
function episodeWidening(
  judged: { t2: Float64Array; spe: Float64Array; times: Float64Array }[],
  t2Limit: number,
  speLimit: number,
  gridMs: number,
  windowPoints: number,
  falseAlarmRate: number,
): number {
  const phis = judged.map((j) => Float64Array.from(j.t2, (t, i) => Math.max(t / t2Limit, j.spe[i] / speLimit)));
  const total = phis.reduce((n, p) => n + p.length, 0);
  const covered = (factor: number) => {
    let inside = 0;
    judged.forEach((j, f) => {
      const phi = phis[f].map((v) => v / factor);
      for (const run of findRuns(phi, j.times, gridMs, windowPoints, Number.NEGATIVE_INFINITY)) {
        inside += run.last - run.first + 1;
      }
    });
    return inside / Math.max(1, total);
  };
  if (covered(1) <= falseAlarmRate) return 1;
  let lo = 0;
  let hi = Math.log(Math.max(2, ...phis.map((p) => p.reduce((m, v) => Math.max(m, v), 0))) * 1.01);
  for (let step = 0; step < 30; step++) {
    const mid = (lo + hi) / 2;
    if (covered(Math.exp(mid)) <= falseAlarmRate) hi = mid;
    else lo = mid;
  }
  return Math.exp(hi);
}

function pickFinite(values: Float64Array, indices: readonly number[]): Float64Array {
  const out: number[] = [];
  for (const i of indices) if (Number.isFinite(values[i])) out.push(values[i]);
  return Float64Array.from(out);
}

/**
 * Judges the points of a span: the detection index φ = max(T²/limit, SPE/limit) (above 1 is a departure) and each
 * model channel's reconstruction-based contribution.
 */
export function judge(model: Model, data: SpanData) {
  let std = standardise(model, data, model.windowPoints);
  let { t2, spe } = statistics(model.pca, std);
  // Drifting channels are judged against their own recent level: a second pass leaves the departures the first
  // found out of that level, so the end of an episode is judged against the level before it.
  if (model.channels.some((c) => (model.profiles[c]?.baselinePoints ?? 0) > 0)) {
    const exclude = Uint8Array.from(t2, (t, i) => {
      const phi = Math.max(t / model.limits.t2, spe[i] / model.limits.spe);
      return phi > EPISODE_RULES.hysteresis ? 1 : 0;
    });
    std = standardise(model, data, model.windowPoints, exclude);
    ({ t2, spe } = statistics(model.pca, std));
  }
  const points = data.times.length;
  const n = model.channels.length;
  const phi = new Float64Array(points).fill(Number.NaN);
  const contribution = model.channels.map(() => new Float64Array(points));
  const x = new Float64Array(n);
  for (let i = 0; i < points; i++) {
    if (!std.valid[i]) continue;
    phi[i] = Math.max(t2[i] / model.limits.t2, spe[i] / model.limits.spe);
    pointVector(model.pca, std.z, i, x);
    for (let r = 0; r < n; r++) {
      let mx = 0;
      for (let c = 0; c < n; c++) mx += model.combined[r * n + c] * x[c];
      contribution[r][i] = (mx * mx) / model.combined[r * n + r];
    }
  }
  return { phi, t2, spe, contribution, ...std };
}
