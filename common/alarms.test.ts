import { describe, expect, it } from 'vitest';
import { SHELVE_MINUTES, shelveAlarmBody } from './schemas/alarms';

describe('shelving for a stated time (ISA-18.2 11.7): 5 minutes to a week', () => {
  const minutes = (value: unknown) => shelveAlarmBody.safeParse({ minutes: value, reason: 'Transmitter out' }).success;
  it('takes the edges of the band and refuses just past them', () => {
    expect(SHELVE_MINUTES).toEqual({ min: 5, max: 10_080 });
    expect(minutes(4)).toBe(false);
    expect(minutes(5)).toBe(true);
    expect(minutes(10_080)).toBe(true);
    expect(minutes(10_081)).toBe(false);
  });
  it('wants whole minutes and a reason', () => {
    expect(minutes(5.5)).toBe(false);
    expect(minutes('60')).toBe(false);
    expect(shelveAlarmBody.safeParse({ minutes: 60, reason: '' }).success).toBe(false);
  });
});
