import { DISPLAY_LIMITS, type SensorType } from '@common/constants';
import type { SensorReading } from '@common/schemas/analytics';

/** Spec §2.12: the Health Scores chart labels a valve 'V-' plus its id padded to 3 digits. */
export function valveLabel(id: number): string {
  return `V-${String(id).padStart(3, '0')}`;
}

export type ReadingRow = { timestamp: string } & Partial<Record<SensorType, number>>;

/**
 * Readings (one per sensor and moment, oldest first) as chart rows, one per moment with a value per sensor, the
 * first `limit` moments: spec §2.12's "first 20 sensor readings" of temperature, pressure and vibration.
 */
export function readingRows(readings: SensorReading[], limit: number = DISPLAY_LIMITS.chartReadings): ReadingRow[] {
  const rows = new Map<string, ReadingRow>();
  for (const { timestamp, sensorType, value } of readings) {
    let row = rows.get(timestamp);
    if (!row) {
      if (rows.size === limit) continue;
      row = { timestamp };
      rows.set(timestamp, row);
    }
    row[sensorType] = value;
  }
  return [...rows.values()];
}

/** Spec §2.13: the last `limit` readings of one sensor, oldest first. */
export function lastReadings(
  readings: SensorReading[],
  sensorType: SensorType,
  limit: number = DISPLAY_LIMITS.chartReadings,
): SensorReading[] {
  return readings.filter((reading) => reading.sensorType === sensorType).slice(-limit);
}

export type QualityCounts = { good: number; warning: number; critical: number };

export function qualityCounts(readings: SensorReading[]): QualityCounts {
  const counts: QualityCounts = { good: 0, warning: 0, critical: 0 };
  for (const { quality } of readings) if (quality in counts) counts[quality] += 1;
  return counts;
}

/** A 0-100 score as a rounded percent. */
export const scorePercent = (score: number) => `${Math.round(score)}%`;
/** A 0-1 share as a percent with `decimals` places (spec §2.13: probability 1, availability 2, confidence 0). */
export const sharePercent = (share: number, decimals = 0) => `${(share * 100).toFixed(decimals)}%`;

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
export const formatDollars = (amount: number) => dollars.format(amount);

const hours = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
export const formatHours = (value: number) => `${hours.format(value)} h`;
export const formatCount = (value: number) => new Intl.NumberFormat('en-US').format(value);

/** Spec §2.13 Trends: up (red) when the change is positive, down (green) when negative, flat otherwise. */
export function trendDirection(changePercent: number): 'up' | 'down' | 'flat' {
  if (changePercent > 0) return 'up';
  if (changePercent < 0) return 'down';
  return 'flat';
}

/** A signed percent: +12.5%, -3.0%, 0.0%. */
export function signedPercent(changePercent: number): string {
  const text = `${Math.abs(changePercent).toFixed(1)}%`;
  return changePercent > 0 ? `+${text}` : changePercent < 0 ? `-${text}` : text;
}

const chartTime = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit' });
const shortTime = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** An axis tick: the hour of the day (the day itself is in the tooltip). */
export const formatTick = (timestamp: string) => shortTime.format(new Date(timestamp));
export const formatTooltipTime = (timestamp: string) => chartTime.format(new Date(timestamp));

/** The advice that asks for work now ("Raise a high-priority work order now.") comes with the work order it asks for. */
export function urgentWorkOrder(
  tag: string,
  predictive: { riskLevel: string; healthScore: number; recommendedAction: string | null },
): { title: string; description: string; priority: 'high' } | null {
  const advice = predictive.recommendedAction;
  if (!advice || !/raise a high-priority work order now/i.test(advice)) return null;
  return {
    title: `Repair ${tag}: ${predictive.riskLevel} risk, health ${Math.round(predictive.healthScore)}%`,
    description: `Predictive analytics advice: ${advice}`,
    priority: 'high',
  };
}
