import { describe, expect, it } from 'vitest';
import { plantToday, zonesToName, zoneWords } from './plant-days';

describe('plant days', () => {
  it("is the plant's day, not the viewer's or UTC's", () => {
    // 03:30 UTC on Dec 7 is still the evening of Dec 6 in Chicago.
    const at = new Date('2026-12-07T03:30:00Z');
    expect(plantToday('America/Chicago', at)).toBe('2026-12-06');
    expect(plantToday('Europe/Berlin', at)).toBe('2026-12-07');
  });

  it('names the plant zones a viewer elsewhere needs, once each', () => {
    const zones = ['America/Chicago', 'America/New_York', 'America/Chicago'];
    expect(zonesToName(zones, 'Europe/Berlin')).toEqual(['America/Chicago', 'America/New_York']);
    expect(zonesToName(zones, 'America/Chicago')).toEqual(['America/New_York']);
    expect(zoneWords('America/New_York')).toBe('New York time');
  });
});
