import { TARGETS } from '@common/constants';
import { describe, expect, it } from 'vitest';
import { statusOf, trendOf, worstStatus } from './status';

describe('statusOf, lower is better (spec §9 targets: 200 ms, 1 %)', () => {
  const ms = TARGETS.responseTimeMs;
  it.each([
    [0, 'excellent'],
    [100, 'excellent'],
    [100.01, 'good'],
    [200, 'good'],
    [200.01, 'warning'],
    [400, 'warning'],
    [400.01, 'critical'],
    [5000, 'critical'],
  ] as const)('%s ms against %s ms is %s', (value, expected) => {
    expect(statusOf(value, ms, 'lower')).toBe(expected);
  });

  it.each([
    [0, 'excellent'],
    [0.5, 'excellent'],
    [0.9, 'good'],
    [1, 'good'],
    [1.5, 'warning'],
    [2, 'warning'],
    [2.1, 'critical'],
    [100, 'critical'],
  ] as const)('error rate %s %% is %s', (value, expected) => {
    expect(statusOf(value, TARGETS.errorRatePercent, 'lower')).toBe(expected);
  });
});

describe('statusOf, higher is better (Lighthouse scores)', () => {
  it.each([
    [100, 90, 'excellent'],
    [95, 90, 'excellent'],
    [94, 90, 'good'],
    [90, 90, 'good'],
    [89, 90, 'warning'],
    [80, 90, 'warning'],
    [79, 90, 'critical'],
    [97.5, 95, 'excellent'],
    [97, 95, 'good'],
  ] as const)('score %s against %s is %s', (value, target, expected) => {
    expect(statusOf(value, target, 'higher')).toBe(expected);
  });
});

describe('worstStatus', () => {
  it('picks the worst and ignores figures not measured', () => {
    expect(worstStatus(['excellent', 'warning', 'good'])).toBe('warning');
    expect(worstStatus([null, 'good', null])).toBe('good');
    expect(worstStatus(['critical', 'excellent'])).toBe('critical');
    expect(worstStatus([])).toBe('excellent');
  });
});

describe('trendOf', () => {
  it('is stable without a previous figure or within the dead band', () => {
    expect(trendOf(120, null, 0.05)).toBe('stable');
    expect(trendOf(104, 100, 0.05)).toBe('stable');
    expect(trendOf(96, 100, 0.05)).toBe('stable');
  });
  it('says up or down beyond it', () => {
    expect(trendOf(106, 100, 0.05)).toBe('up');
    expect(trendOf(90, 100, 0.05)).toBe('down');
    expect(trendOf(1, 0, 0.05)).toBe('up');
  });
  it('treats changes under the absolute floor as stable', () => {
    expect(trendOf(0.2, 0.1, 0.05, 0.5)).toBe('stable');
    expect(trendOf(1.2, 0.1, 0.05, 0.5)).toBe('up');
  });
});
