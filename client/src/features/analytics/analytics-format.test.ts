import type { SensorReading } from '@common/schemas/analytics';
import { describe, expect, it } from 'vitest';
import {
  formatDollars,
  lastReadings,
  qualityCounts,
  readingRows,
  scorePercent,
  sharePercent,
  signedPercent,
  trendDirection,
  urgentWorkOrder,
  valveLabel,
} from './analytics-format';

const hour = (h: number) => `2026-11-20T${String(h).padStart(2, '0')}:00:00.000Z`;
const reading = (h: number, sensorType: SensorReading['sensorType'], value: number, quality = 'good') =>
  ({ timestamp: hour(h), sensorType, value, quality }) as SensorReading;

describe('chart data', () => {
  it("labels valves 'V-' and the id in 3 digits", () => {
    expect([1, 42, 999, 1234].map(valveLabel)).toEqual(['V-001', 'V-042', 'V-999', 'V-1234']);
  });

  it('pivots readings to one row per moment and keeps the first 20 moments', () => {
    const readings = Array.from({ length: 25 }, (_, h) => [
      reading(h, 'pressure', 100 + h),
      reading(h, 'temperature', 200 + h),
      reading(h, 'vibration', 1 + h / 10),
    ]).flat();
    const rows = readingRows(readings);
    expect(rows).toHaveLength(20);
    expect(rows[0]).toEqual({ timestamp: hour(0), temperature: 200, pressure: 100, vibration: 1 });
    expect(rows[19].timestamp).toBe(hour(19));
  });

  it('leaves a sensor out of a row when it has no reading then', () => {
    expect(readingRows([reading(1, 'vibration', 2)])).toEqual([{ timestamp: hour(1), vibration: 2 }]);
  });

  it('takes the last 20 readings of one sensor', () => {
    const readings = Array.from({ length: 30 }, (_, h) => [
      reading(h % 24, 'vibration', h),
      reading(h % 24, 'pressure', -h),
    ]).flat();
    const last = lastReadings(readings, 'vibration');
    expect(last).toHaveLength(20);
    expect(last.map((r) => r.value)).toEqual(Array.from({ length: 20 }, (_, i) => i + 10));
  });

  it('counts readings by quality', () => {
    const readings = [
      reading(1, 'vibration', 1),
      reading(2, 'vibration', 3, 'warning'),
      reading(3, 'vibration', 8, 'critical'),
      reading(4, 'pressure', 1),
    ];
    expect(qualityCounts(readings)).toEqual({ good: 2, warning: 1, critical: 1 });
  });
});

describe('figures', () => {
  it('writes percents as spec §2.12-2.13 asks', () => {
    expect(scorePercent(72.5)).toBe('73%');
    expect(sharePercent(0.0123, 1)).toBe('1.2%');
    expect(sharePercent(0.87)).toBe('87%');
    expect(sharePercent(0.99512, 2)).toBe('99.51%');
  });

  it('writes dollars without cents', () => {
    expect(formatDollars(125000)).toBe('$125,000');
  });

  it('points a rising trend up and a falling one down', () => {
    expect([12.5, -3, 0].map(trendDirection)).toEqual(['up', 'down', 'flat']);
    expect([12.5, -3, 0].map(signedPercent)).toEqual(['+12.5%', '-3.0%', '0.0%']);
  });
});

describe('urgentWorkOrder', () => {
  it('turns "Raise a high-priority work order now" into a high-priority draft carrying the advice', () => {
    const advice =
      'Take V-003-CV out of service at the first safe opportunity and repair it. Raise a high-priority work order now.';
    expect(urgentWorkOrder('V-003-CV', { riskLevel: 'critical', healthScore: 2.4, recommendedAction: advice })).toEqual(
      {
        title: 'Repair V-003-CV: critical risk, health 2%',
        description: `Predictive analytics advice: ${advice}`,
        priority: 'high',
      },
    );
  });

  it('offers nothing for advice that does not ask for work now', () => {
    const watch = { riskLevel: 'medium', healthScore: 60, recommendedAction: 'Watch V-001-BV closely.' };
    expect(urgentWorkOrder('V-001-BV', watch)).toBeNull();
    expect(urgentWorkOrder('V-001-BV', { ...watch, recommendedAction: null })).toBeNull();
  });
});
