/**
 * Performance metrics from a valve's repair history (docs/analytics.md § Performance metrics), and the life
 * intervals the Weibull fit of its type is made from.
 */
import { median, robustSigma } from './stats';
import type { Reading, RepairHistory } from './types';
import { cumulativeHazard, HOURS_PER_YEAR, type LifeInterval, meanLifeHours, type WeibullParams } from './weibull';

const HOUR = 3_600_000;
/** Repair time assumed when the history records none: a generic valve MTTR (docs/analytics.md). */
export const DEFAULT_MTTR_HOURS = 8;

/** Installation → first failure, repair → next failure (failed), last repair → now (censored: not failed yet). */
export function lifeIntervals(history: RepairHistory, now: number): LifeInterval[] {
  const failures = history.failures.filter((f) => f.at <= now && f.at >= history.installedAt);
  failures.sort((a, b) => a.at - b.at);
  const out: LifeInterval[] = [];
  let start = history.installedAt;
  for (const f of failures) {
    out.push({ hours: (f.at - start) / HOUR, failed: true });
    start = f.at + f.repairHours * HOUR;
  }
  if (now > start) out.push({ hours: (now - start) / HOUR, failed: false });
  return out.filter((i) => i.hours > 0);
}

export type PerformanceFigures = {
  availability: number;
  reliability: number;
  mtbf: number;
  mttr: number;
  operatingHours: number;
  cycleCount: number;
};

/**
 * Operating hours: time since installation less repair time. MTBF: operating hours per failure (the type's
 * Weibull mean life while the valve has not failed). MTTR: mean recorded repair time. Availability: inherent,
 * MTBF / (MTBF + MTTR). Reliability: the probability of surviving the next year at the valve's age.
 */
export function performanceFigures(
  history: RepairHistory,
  model: WeibullParams,
  ageHours: number,
  readings: readonly Reading[],
  now: number,
): PerformanceFigures {
  const failures = history.failures.filter((f) => f.at <= now && f.at >= history.installedAt);
  const downtime = failures.reduce((s, f) => s + f.repairHours, 0);
  const operatingHours = Math.max(0, (now - history.installedAt) / HOUR - downtime);
  const mtbf = failures.length ? operatingHours / failures.length : meanLifeHours(model);
  const mttr = failures.length ? downtime / failures.length : DEFAULT_MTTR_HOURS;
  const reliability = Math.exp(
    -(cumulativeHazard(model, ageHours + HOURS_PER_YEAR) - cumulativeHazard(model, ageHours)),
  );
  return {
    availability: round(mtbf / (mtbf + mttr), 4),
    reliability: round(reliability, 4),
    mtbf: Math.round(mtbf),
    mttr: round(mttr, 1),
    operatingHours: Math.round(operatingHours),
    cycleCount: countCycles(readings),
  };
}

/**
 * Process cycles seen in the pressure readings: swings across the median with a hysteresis of one robust sigma,
 * counted once per rise, so noise around the median does not count.
 */
export function countCycles(readings: readonly Reading[]): number {
  const values = readings
    .filter((r) => r.sensorType === 'pressure')
    .sort((a, b) => a.t - b.t)
    .map((r) => r.value);
  if (values.length < 3) return 0;
  const m = median(values);
  const band = Math.max(robustSigma(values, m) * 0.5, Math.abs(m) * 0.002);
  let state: 'low' | 'high' | null = null;
  let cycles = 0;
  for (const v of values) {
    if (v > m + band) {
      if (state === 'low') cycles++;
      state = 'high';
    } else if (v < m - band) state = 'low';
  }
  return cycles;
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
