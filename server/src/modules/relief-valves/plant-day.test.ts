import { describe, expect, it } from 'vitest';
import { plantToday } from './record-checks';

describe("a test date in the future is judged in the plant's day", () => {
  // 03:00 UTC on the 27th is the evening of the 26th in Chicago and New York.
  const at = new Date('2026-11-27T03:00:00Z');
  it.each([
    ['America/Chicago', '2026-11-26'],
    ['America/New_York', '2026-11-26'],
    ['Europe/Berlin', '2026-11-27'],
    // A spare never installed has no plant: only a date past today everywhere on earth (UTC+14) is refused.
    [null, '2026-11-27'],
  ])('%s: today is %s', (zone, day) => {
    expect(plantToday(zone, at)).toBe(day);
  });
});
