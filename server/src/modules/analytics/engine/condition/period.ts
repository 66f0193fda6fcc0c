/**
 * The default reference period, for a valve whose engineer has not marked one: the first days of readings after
 * commissioning or after the last corrective or overhaul work, when the valve is as good as it gets.
 */
import type { Span } from './types';

const DAY = 86_400_000;

export const REFERENCE_RULES = {
  /** The default reference: this long, and never more than this share of the readings since the renewal. */
  days: 7,
  share: 1 / 3,
} as const;

/**
 * `firstReading`: the earliest stored reading; `renewedAt`: commissioning or the completion of the last corrective
 * or overhaul work order (null when unknown); `now`: the end of the readings.
 */
export function defaultReferencePeriod(firstReading: number, renewedAt: number | null, now: number): Span {
  const from = Math.max(firstReading, renewedAt ?? firstReading);
  const length = Math.min(REFERENCE_RULES.days * DAY, REFERENCE_RULES.share * Math.max(0, now - from));
  // `from` is exclusive in a span; start a millisecond earlier so the first reading belongs to it.
  return { from: from - 1, to: from + length };
}
