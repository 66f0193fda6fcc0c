/**
 * Status and trend of a figure against its target (docs/performance.md). One rule for every figure:
 * 'good' means the target is met, 'excellent' met with a wide margin, 'warning' missed by a little,
 * 'critical' missed by a lot.
 */
import type { BenchmarkStatus, BenchmarkTrend } from '@common/schemas/performance';

/**
 * Lower is better (response times, error rates):
 * excellent ≤ half the target, good ≤ target, warning ≤ twice the target, critical beyond.
 */
export const LOWER_IS_BETTER = { excellent: 0.5, good: 1, warning: 2 } as const;

/**
 * Higher is better (scores out of 100): excellent at least halfway from the target to 100, good at the target,
 * warning up to 10 points under it, critical below.
 */
export const HIGHER_IS_BETTER = { warningPointsUnder: 10 } as const;

export function statusOf(value: number, target: number, better: 'lower' | 'higher'): BenchmarkStatus {
  if (better === 'lower') {
    if (value <= target * LOWER_IS_BETTER.excellent) return 'excellent';
    if (value <= target * LOWER_IS_BETTER.good) return 'good';
    if (value <= target * LOWER_IS_BETTER.warning) return 'warning';
    return 'critical';
  }
  if (value >= target + (100 - target) / 2) return 'excellent';
  if (value >= target) return 'good';
  if (value >= target - HIGHER_IS_BETTER.warningPointsUnder) return 'warning';
  return 'critical';
}

const RANK: Record<BenchmarkStatus, number> = { excellent: 0, good: 1, warning: 2, critical: 3 };

/** The worst of several statuses (nulls, figures not measured, are left out); 'excellent' when none is given. */
export function worstStatus(statuses: (BenchmarkStatus | null)[]): BenchmarkStatus {
  let worst: BenchmarkStatus = 'excellent';
  for (const s of statuses) if (s && RANK[s] > RANK[worst]) worst = s;
  return worst;
}

/**
 * Which way the figure moved since the previous one: 'stable' within the dead band (a share of the previous
 * figure), or when there is no previous figure to compare with. Absolute changes under `floor` are stable too,
 * so 0.1 % → 0.2 % errors is not a doubling worth an arrow.
 */
export function trendOf(current: number, previous: number | null, deadBand: number, floor = 0): BenchmarkTrend {
  if (previous === null) return 'stable';
  const change = current - previous;
  if (Math.abs(change) <= Math.max(Math.abs(previous) * deadBand, floor)) return 'stable';
  return change > 0 ? 'up' : 'down';
}
