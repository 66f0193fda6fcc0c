/** When meter and condition plans fall due: pure functions of the trigger and the analytics' figures. */
import type { ConditionTrigger, MeterTrigger } from '@common/schemas/maintenance-plans';

/** What the analytics know of a valve (analytics' planInputs): meters, and its condition. */
export type ValveFigures = {
  operatingHours: number | null;
  cycleCount: number | null;
  failureProbability: number | null;
  healthScore: number | null;
  anomalies: number;
};

export const meterValue = (trigger: MeterTrigger, figures: ValveFigures) =>
  trigger.meter === 'operating_hours' ? figures.operatingHours : figures.cycleCount;

/**
 * The milestones (multiples of `every`) a meter plan stands at: `passed`, the last one the meter has reached, and
 * `due`, the highest within `lead` of the meter (equal to `passed` until the lead is entered). A milestone already
 * passed when the plan first sees a valve is its baseline, not work.
 */
export function meterMilestones(trigger: MeterTrigger, current: number): { passed: number; due: number } {
  return {
    passed: Math.floor(current / trigger.every) * trigger.every,
    due: Math.floor((current + trigger.lead) / trigger.every) * trigger.every,
  };
}

export const meterKey = (trigger: MeterTrigger, milestone: number) =>
  `${trigger.meter === 'operating_hours' ? 'hours' : 'cycles'}:${milestone}`;

/**
 * A meter's average rate per day: a valve in service runs around the clock (24 operating hours a day), and its
 * cycles come at the rate they have over its hours so far. Null when the analytics have no figures yet.
 */
export function meterRatePerDay(trigger: MeterTrigger, figures: ValveFigures): number | null {
  if (trigger.meter === 'operating_hours') return 24;
  if (!figures.cycleCount || !figures.operatingHours) return null;
  return figures.cycleCount / (figures.operatingHours / 24);
}

/** The coming milestones up to `untilDays` ahead, each with the days until the meter is expected to reach it. */
export function meterForecast(trigger: MeterTrigger, figures: ValveFigures, untilDays: number, limit = 60) {
  const current = meterValue(trigger, figures);
  const rate = meterRatePerDay(trigger, figures);
  if (current === null || !rate) return [];
  const out: { milestone: number; inDays: number }[] = [];
  for (let m = meterMilestones(trigger, current).passed + trigger.every; out.length < limit; m += trigger.every) {
    const inDays = (m - current) / rate;
    if (inDays > untilDays) break;
    out.push({ milestone: m, inDays });
  }
  return out;
}

/** Whether the analytics' figures cross a condition plan's threshold. */
export function conditionMet(trigger: ConditionTrigger, figures: ValveFigures): boolean {
  if (trigger.measure === 'failure_probability') return (figures.failureProbability ?? 0) >= trigger.threshold;
  if (trigger.measure === 'health_score')
    return figures.healthScore !== null && figures.healthScore <= trigger.threshold;
  return figures.anomalies >= trigger.threshold;
}
