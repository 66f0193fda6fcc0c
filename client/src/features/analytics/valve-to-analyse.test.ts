import type { DashboardSensorReading, DashboardSummary, PredictiveAnalytics } from '@common/schemas/analytics';
import { describe, expect, it } from 'vitest';
import { valveToAnalyse } from './valve-to-analyse';

const predictive = [
  { valveId: 1, valveTag: 'V-001-BV' },
  { valveId: 3, valveTag: 'V-003-CV' },
] as PredictiveAnalytics[];
const summary = {
  upcomingMaintenance: [{ valve: { id: 9, valveId: 'V-009-GV', location: 'x', plant: 'Power Plant A' } }],
} as DashboardSummary;
const readings = [{ valveId: 'V-003-CV' }] as DashboardSensorReading[];

describe('valveToAnalyse', () => {
  it('picks the valve the Trends chart shows', () => {
    expect(valveToAnalyse(readings, predictive, summary)).toBe(3);
  });

  it('falls back to the first valve due for maintenance, then the first analysed valve', () => {
    expect(valveToAnalyse([], predictive, summary)).toBe(9);
    expect(valveToAnalyse(undefined, predictive, { ...summary, upcomingMaintenance: [] })).toBe(1);
  });

  it('has nothing to analyse before anything is known', () => {
    expect(valveToAnalyse(undefined, undefined, undefined)).toBeUndefined();
  });
});
