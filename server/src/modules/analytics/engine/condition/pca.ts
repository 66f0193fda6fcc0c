/**
 * Principal component analysis of the standardised departures: the fit on reference points, Hotelling's T² and
 * the squared prediction error of each point, the combined index's matrix for contributions, and the filling in
 * of a channel without a reading from the others. Small dense matrices (one row and column per channel).
 */
import { EigenvalueDecomposition, Matrix, solve } from 'ml-matrix';
import type { Standardised } from './features';

export const PCA_RULES = {
  /** Principal components kept: the fewest that explain this share of the reference's variance. */
  explainedVariance: 0.9,
  /** Eigenvalues below this share of the total are raised to it, so a near-silent direction cannot explode T². */
  eigenFloor: 1e-4,
} as const;

export type Pca = {
  n: number;
  k: number;
  /** n×k loadings, row-major. */
  loadings: Float64Array;
  eigenvalues: Float64Array;
  /** The variance of the directions not kept, per direction (their mean eigenvalue): the model's noise. */
  noise: number;
};

/** PCA of the window means at the valid reference points (second moments about the expected value, zero). */
export function fitPca(z: Float64Array[], indices: readonly number[]): Pca {
  const n = z.length;
  const cov = new Matrix(n, n);
  let m = 0;
  for (const i of indices) {
    m++;
    for (let a = 0; a < n; a++) {
      const za = Number.isFinite(z[a][i]) ? z[a][i] : 0;
      if (za === 0) continue;
      for (let b = a; b < n; b++) {
        const zb = Number.isFinite(z[b][i]) ? z[b][i] : 0;
        cov.set(a, b, cov.get(a, b) + za * zb);
      }
    }
  }
  for (let a = 0; a < n; a++) {
    for (let b = a; b < n; b++) {
      const v = cov.get(a, b) / Math.max(1, m);
      cov.set(a, b, v);
      cov.set(b, a, v);
    }
  }
  const evd = new EigenvalueDecomposition(cov, { assumeSymmetric: true });
  const order = evd.realEigenvalues.map((v, i) => [v, i] as const).sort((a, b) => b[0] - a[0]);
  const total = order.reduce((s, [v]) => s + Math.max(0, v), 0) || 1;
  let k = 0;
  let explained = 0;
  while (k < n && (k === 0 || explained / total < PCA_RULES.explainedVariance)) {
    explained += Math.max(0, order[k][0]);
    k++;
  }
  if (n > 1) k = Math.min(k, n - 1);
  const vectors = evd.eigenvectorMatrix;
  const loadings = new Float64Array(n * k);
  const eigenvalues = new Float64Array(k);
  for (let a = 0; a < k; a++) {
    const [value, column] = order[a];
    eigenvalues[a] = Math.max(value, PCA_RULES.eigenFloor * total);
    for (let r = 0; r < n; r++) loadings[r * k + a] = vectors.get(r, column);
  }
  const rest = order.slice(k).map(([v]) => Math.max(0, v));
  const noise = Math.max(rest.length ? rest.reduce((s, v) => s + v, 0) / rest.length : 0, PCA_RULES.eigenFloor * total);
  return { n, k, loadings, eigenvalues, noise };
}

/**
 * The point's vector of window means; a channel without a reading there is filled in from the others through the
 * model (projection of the known ones onto the principal components, Nelson, Taylor & MacGregor 1996), so a
 * missing channel neither counts as a departure nor breaks the correlations of the rest. The projection is the
 * probabilistic PCA's expected scores given the known channels (Tipping & Bishop 1999): (PₖᵀPₖ + σ²Λ⁻¹)⁻¹Pₖᵀxₖ,
 * σ² the model's noise. A plain least-squares projection fits the known channels' noise exactly when they are
 * barely more than the components, and its scores then blow up T² along a quiet component (issue 35: a drifting
 * channel without its baseline yet made the reference's T² limit hundreds of times too high).
 */
export function pointVector(pca: Pca, z: Float64Array[], i: number, x: Float64Array): void {
  const { n, k, loadings } = pca;
  let missing = 0;
  for (let r = 0; r < n; r++) {
    x[r] = z[r][i];
    if (!Number.isFinite(x[r])) missing++;
  }
  if (missing === 0) return;
  const a = new Matrix(k, k);
  const b = new Matrix(k, 1);
  for (let r = 0; r < n; r++) {
    if (!Number.isFinite(x[r])) continue;
    for (let p = 0; p < k; p++) {
      b.set(p, 0, b.get(p, 0) + loadings[r * k + p] * x[r]);
      for (let q = 0; q < k; q++) a.set(p, q, a.get(p, q) + loadings[r * k + p] * loadings[r * k + q]);
    }
  }
  for (let p = 0; p < k; p++) a.set(p, p, a.get(p, p) + pca.noise / pca.eigenvalues[p]);
  let t: number[];
  try {
    t = solve(a, b).getColumn(0);
  } catch {
    t = new Array(k).fill(0);
  }
  for (let r = 0; r < n; r++) {
    if (Number.isFinite(x[r])) continue;
    let v = 0;
    for (let p = 0; p < k; p++) v += loadings[r * k + p] * t[p];
    x[r] = v;
  }
}

/** T² and SPE of each point (NaN where not valid). */
export function statistics(pca: Pca, std: Standardised): { t2: Float64Array; spe: Float64Array } {
  const points = std.valid.length;
  const t2 = new Float64Array(points).fill(Number.NaN);
  const spe = new Float64Array(points).fill(Number.NaN);
  const { n, k, loadings, eigenvalues } = pca;
  const x = new Float64Array(n);
  const t = new Float64Array(k);
  for (let i = 0; i < points; i++) {
    if (!std.valid[i]) continue;
    pointVector(pca, std.z, i, x);
    let tt = 0;
    for (let a = 0; a < k; a++) {
      let s = 0;
      for (let r = 0; r < n; r++) s += loadings[r * k + a] * x[r];
      t[a] = s;
      tt += (s * s) / eigenvalues[a];
    }
    let q = 0;
    for (let r = 0; r < n; r++) {
      let back = 0;
      for (let a = 0; a < k; a++) back += loadings[r * k + a] * t[a];
      q += (x[r] - back) ** 2;
    }
    t2[i] = tt;
    spe[i] = q;
  }
  return { t2, spe };
}

/** M = (I − PPᵀ)/δ + PΛ⁻¹Pᵀ/τ: φ = xᵀMx is the combined index, and (Mx)ⱼ²/Mⱼⱼ channel j's contribution. */
export function combinedIndexMatrix(pca: Pca, t2Limit: number, speLimit: number): Float64Array {
  const { n, k, loadings, eigenvalues } = pca;
  const m = new Float64Array(n * n);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      let ppt = 0;
      let d = 0;
      for (let a = 0; a < k; a++) {
        const p = loadings[r * k + a] * loadings[c * k + a];
        ppt += p;
        d += p / eigenvalues[a];
      }
      m[r * n + c] = ((r === c ? 1 : 0) - ppt) / speLimit + d / t2Limit;
    }
  }
  return m;
}
