/**
 * Weibull reliability model per valve type: fitted by maximum likelihood from the organization's own history
 * (failures and censored survivors), shrunk towards generic priors when that history is thin.
 * docs/analytics.md § Failure probability gives the formulas and the priors' source.
 */

const HOURS_PER_YEAR = 8766;

export type WeibullParams = { beta: number; etaHours: number };

export type WeibullModel = WeibullParams & {
  /** 'prior' when the history held too few failures to fit; 'fitted' when it was blended with the prior. */
  source: 'prior' | 'fitted';
  failures: number;
  /** Weight of the fitted parameters against the prior, 0-1. */
  historyWeight: number;
};

/** A valve's life: hours from installation or its last repair to a failure, or to now if it has not failed. */
export type LifeInterval = { hours: number; failed: boolean };

/**
 * Generic priors: shape β and characteristic life η. They put a valve's critical-failure rate at 5-12 per
 * million hours at mid-life, the range generic valve reliability data (OREDA, IEEE Std 500) gives.
 */
export const WEIBULL_PRIORS: Record<string, WeibullParams> = {
  'Ball Valve': { beta: 1.4, etaHours: 14 * HOURS_PER_YEAR },
  'Gate Valve': { beta: 1.3, etaHours: 16 * HOURS_PER_YEAR },
  'Globe Valve': { beta: 1.5, etaHours: 10 * HOURS_PER_YEAR },
  'Check Valve': { beta: 1.2, etaHours: 15 * HOURS_PER_YEAR },
  'Safety Relief Valve': { beta: 1.6, etaHours: 12 * HOURS_PER_YEAR },
};
export const DEFAULT_PRIOR: WeibullParams = { beta: 1.4, etaHours: 12 * HOURS_PER_YEAR };

/** Fewer failures than this and the MLE is too unstable to use at all. */
export const MIN_FAILURES_TO_FIT = 3;
/** Pseudo-failures the prior is worth: the fitted parameters carry weight r / (r + k). */
export const PRIOR_STRENGTH = 10;

export function priorFor(valveType: string): WeibullParams {
  return WEIBULL_PRIORS[valveType] ?? DEFAULT_PRIOR;
}

/**
 * Maximum-likelihood Weibull fit with right-censoring. β solves
 *   Σ tᵢ^β ln tᵢ / Σ tᵢ^β − 1/β − (1/r) Σ_failed ln tᵢ = 0   (sums over all intervals, r failures)
 * by bisection (the left side rises with β), then η = (Σ tᵢ^β / r)^(1/β). Returns null with no failure.
 */
export function fitWeibull(intervals: readonly LifeInterval[]): WeibullParams | null {
  const usable = intervals.filter((i) => i.hours > 0);
  const r = usable.filter((i) => i.failed).length;
  if (r === 0) return null;
  // Scale times to ~1 so t^β cannot overflow for large β.
  const scale = Math.max(...usable.map((i) => i.hours));
  const t = usable.map((i) => i.hours / scale);
  const lnT = t.map(Math.log);
  const meanLnFailed = usable.reduce((s, i, k) => (i.failed ? s + lnT[k] : s), 0) / r;
  const g = (beta: number) => {
    let num = 0;
    let den = 0;
    for (let k = 0; k < t.length; k++) {
      const tb = t[k] ** beta;
      num += tb * lnT[k];
      den += tb;
    }
    return num / den - 1 / beta - meanLnFailed;
  };
  let lo = 0.1;
  let hi = 20;
  if (g(lo) > 0 || g(hi) < 0) return null;
  for (let step = 0; step < 80; step++) {
    const mid = (lo + hi) / 2;
    if (g(mid) < 0) lo = mid;
    else hi = mid;
  }
  const beta = (lo + hi) / 2;
  const sum = t.reduce((s, x) => s + x ** beta, 0);
  return { beta, etaHours: scale * (sum / r) ** (1 / beta) };
}

/** The model for one valve type: prior alone below MIN_FAILURES_TO_FIT, else fit and prior blended. */
export function weibullModelFor(valveType: string, intervals: readonly LifeInterval[]): WeibullModel {
  const prior = priorFor(valveType);
  const failures = intervals.filter((i) => i.failed).length;
  const fit = failures >= MIN_FAILURES_TO_FIT ? fitWeibull(intervals) : null;
  if (!fit) return { ...prior, source: 'prior', failures, historyWeight: 0 };
  const w = failures / (failures + PRIOR_STRENGTH);
  return {
    beta: w * fit.beta + (1 - w) * prior.beta,
    etaHours: Math.exp(w * Math.log(fit.etaHours) + (1 - w) * Math.log(prior.etaHours)),
    source: 'fitted',
    failures,
    historyWeight: w,
  };
}

/** Cumulative hazard H(t) = (t/η)^β. */
export function cumulativeHazard(p: WeibullParams, hours: number): number {
  return (Math.max(0, hours) / p.etaHours) ** p.beta;
}

/**
 * Probability of failing within `horizonHours` having survived `ageHours`, with the hazard multiplied by
 * `hazardMultiplier` (proportional hazards: the condition's effect): 1 − exp(−m·(H(t+Δ) − H(t))).
 */
export function conditionalFailureProbability(
  p: WeibullParams,
  ageHours: number,
  horizonHours: number,
  hazardMultiplier = 1,
): number {
  const dH = cumulativeHazard(p, ageHours + horizonHours) - cumulativeHazard(p, ageHours);
  return 1 - Math.exp(-hazardMultiplier * dH);
}

/** Mean life η·Γ(1 + 1/β). */
export function meanLifeHours(p: WeibullParams): number {
  return p.etaHours * gamma(1 + 1 / p.beta);
}

/** Lanczos approximation of Γ(x) for x > 0 (g = 7), accurate to ~15 digits. */
function gamma(x: number): number {
  const c = [
    0.999_999_999_999_809_9, 676.520_368_121_885_1, -1259.139_216_722_402_8, 771.323_428_777_653_1,
    -176.615_029_162_140_6, 12.507_343_278_686_905, -0.138_571_095_265_720_12, 9.984_369_578_019_571_6e-6,
    1.505_632_735_149_311_6e-7,
  ];
  if (x < 0.5) return Math.PI / (Math.sin(Math.PI * x) * gamma(1 - x));
  const z = x - 1;
  let a = c[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (z + i);
  return Math.sqrt(2 * Math.PI) * t ** (z + 0.5) * Math.exp(-t) * a;
}

export { HOURS_PER_YEAR };
