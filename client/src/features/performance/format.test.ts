import { describe, expect, it } from 'vitest';
import { formatMs, formatTarget, formatUptime, formatValue } from './format';

describe('performance formats', () => {
  it('writes uptime in the two largest units', () => {
    expect(formatUptime(42.7)).toBe('42 s');
    expect(formatUptime(93)).toBe('1 min 33 s');
    expect(formatUptime(7400)).toBe('2 h 3 min');
    expect(formatUptime(200_000)).toBe('2 d 7 h');
  });
  it('writes times with precision that fits their size', () => {
    expect(formatMs(0.421)).toBe('0.42 ms');
    expect(formatMs(8.34)).toBe('8.3 ms');
    expect(formatMs(1204.4)).toBe('1,204 ms');
  });
  it('writes values and targets by unit and direction', () => {
    expect(formatValue({ value: 0.5, unit: '%' })).toBe('0.50%');
    expect(formatValue({ value: 97.4, unit: 'score' })).toBe('97');
    expect(formatTarget({ target: 200, unit: 'ms', better: 'lower' })).toBe('< 200 ms');
    expect(formatTarget({ target: 90, unit: 'score', better: 'higher' })).toBe('≥ 90');
  });
});
