import { describe, expect, it } from 'vitest';
import { plantToday } from './record-checks';

describe("a test date in the future is judged in the plant's day", () => {
  // 03:00 UTC on the 27th is the evening of the 26th in Chicago and New York.
  const at = new Date('2026-11-27T03:00:00Z');
  it.each([
    ['Gas Plant B', '2026-11-26'],
    ['Chemical Plant C', '2026-11-26'],
    // A spare never installed has no plant: only a date past every plant's and UTC's today is refused.
    [null, '2026-11-27'],
  ])('%s: today is %s', (plant, day) => {
    expect(plantToday(plant, at)).toBe(day);
  });
});
