/**
 * When a relief valve position is next due for test (docs/relief-valves.md, Intervals). API 510 / 576: per device,
 * shortened after a failed as-received test, extended on a history of good ones, at most 10 years.
 */
export const INTERVAL_RULES = ['fixed', 'risk-based'] as const;
export type IntervalRule = (typeof INTERVAL_RULES)[number];

/** API 510's ceiling. */
export const MAX_INTERVAL_MONTHS = 120;
/** Risk-based: clean as-found tests in a row at the current interval before it is extended. */
export const CLEAN_TESTS_TO_EXTEND = 3;
export const EXTEND_BY_MONTHS = 12;
/** Never shortened below this. */
export const MIN_INTERVAL_MONTHS = 6;

export type IntervalPlan = { rule: IntervalRule; intervalMonths: number; maxIntervalMonths: number };

/**
 * The interval after a test and the months to the next one. Fixed: the set interval, halved once after a failed
 * as-found test. Risk-based: a failure halves the interval itself; `CLEAN_TESTS_TO_EXTEND` clean as-found tests
 * in a row (this one included) extend it by `EXTEND_BY_MONTHS`; never past the tag's maximum nor 120 months.
 */
export function nextInterval(
  plan: IntervalPlan,
  asFound: 'pass' | 'fail',
  cleanInARow: number,
): { intervalMonths: number; monthsToNext: number; reason: string } {
  const ceiling = Math.min(plan.maxIntervalMonths, MAX_INTERVAL_MONTHS);
  // Halved, not below MIN_INTERVAL_MONTHS, and never past the interval itself: a failure never lengthens it.
  const half = Math.min(plan.intervalMonths, Math.max(MIN_INTERVAL_MONTHS, Math.floor(plan.intervalMonths / 2)));
  if (plan.rule === 'fixed') {
    return asFound === 'fail'
      ? {
          intervalMonths: plan.intervalMonths,
          monthsToNext: half,
          reason: 'Failed as found: next test in half the interval',
        }
      : { intervalMonths: plan.intervalMonths, monthsToNext: plan.intervalMonths, reason: 'Fixed interval' };
  }
  if (asFound === 'fail') {
    return { intervalMonths: half, monthsToNext: half, reason: 'Failed as found: interval halved' };
  }
  if (cleanInARow >= CLEAN_TESTS_TO_EXTEND && plan.intervalMonths < ceiling) {
    const longer = Math.min(ceiling, plan.intervalMonths + EXTEND_BY_MONTHS);
    return {
      intervalMonths: longer,
      monthsToNext: longer,
      reason: `${cleanInARow} clean as-found tests in a row: interval extended`,
    };
  }
  const kept = Math.min(plan.intervalMonths, ceiling);
  return { intervalMonths: kept, monthsToNext: kept, reason: 'Clean as found: interval kept' };
}

/** A calendar date (YYYY-MM-DD) plus whole months, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/**
 * A tag's interval and next due date replayed from its submitted tests, oldest first: recomputable whenever a
 * verdict is overridden, so the stored due date never drifts from the history that produced it.
 */
export function replayIntervals(
  plan: IntervalPlan,
  tests: readonly { testedOn: string; asFound: 'pass' | 'fail' }[],
): { intervalMonths: number; lastTestedOn: string | null; nextDueOn: string | null; reason: string } {
  let intervalMonths = Math.min(plan.intervalMonths, plan.maxIntervalMonths, MAX_INTERVAL_MONTHS);
  let clean = 0;
  let last: { testedOn: string; monthsToNext: number; reason: string } | null = null;
  for (const test of tests) {
    clean = test.asFound === 'pass' ? clean + 1 : 0;
    const next = nextInterval({ ...plan, intervalMonths }, test.asFound, clean);
    // An extension starts a new run: the next extension needs as many clean tests again.
    if (next.intervalMonths > intervalMonths) clean = 0;
    intervalMonths = next.intervalMonths;
    last = { testedOn: test.testedOn, monthsToNext: next.monthsToNext, reason: next.reason };
  }
  if (!last) return { intervalMonths, lastTestedOn: null, nextDueOn: null, reason: 'Not tested yet' };
  return {
    intervalMonths,
    lastTestedOn: last.testedOn,
    nextDueOn: addMonths(last.testedOn, last.monthsToNext),
    reason: last.reason,
  };
}
