import { describe, expect, it } from 'vitest';
import { deviceZone, timeZoneChoices, zoneLabel } from './time-zones';

describe('time zone choices', () => {
  it('are A to Z, with UTC and the current zone always offered, each once', () => {
    expect(timeZoneChoices('Europe/Berlin', ['Europe/Paris', 'America/Chicago'])).toEqual([
      'America/Chicago',
      'Europe/Berlin',
      'Europe/Paris',
      'UTC',
    ]);
    expect(timeZoneChoices('UTC', ['UTC', 'Asia/Tokyo'])).toEqual(['Asia/Tokyo', 'UTC']);
  });

  it("are the browser's own list by default, the device's zone among them", () => {
    const zones = timeZoneChoices(deviceZone());
    expect(zones).toContain('Europe/Berlin');
    expect(zones).toContain(deviceZone());
  });

  it('read as words', () => {
    expect(zoneLabel('America/North_Dakota/New_Salem')).toBe('America / North Dakota / New Salem');
  });
});
