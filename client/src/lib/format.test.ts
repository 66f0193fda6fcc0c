import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPlantDay, localDay } from './format';

describe('date formatting', () => {
  it('shows a calendar date as that day, whatever the time zone', () => {
    const shown = formatDate('2027-05-31');
    expect(shown).toContain('31');
    expect(shown).toContain('2027');
  });

  it('falls back for missing or unreadable values', () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate(undefined, 'Not set')).toBe('Not set');
    expect(formatDateTime('not a date', 'Not completed')).toBe('Not completed');
  });

  it('formats a timestamp with its time', () => {
    expect(formatDateTime('2026-11-21T04:39:39.039Z')).toMatch(/2026/);
  });
});

describe('formatPlantDay', () => {
  it("shows a due instant as the plant's day, whatever the viewer's zone", () => {
    // The end of Dec 7 in Chicago is Dec 8 05:59 UTC: Dec 8 in UTC and in Berlin, Dec 7 at Power Plant A.
    expect(formatPlantDay('2026-12-08T05:59:59.999Z', 'America/Chicago')).toBe(formatDate('2026-12-07'));
    expect(formatPlantDay('2026-12-08T04:59:59.999Z', 'America/New_York')).toBe(formatDate('2026-12-07'));
    expect(formatPlantDay('2026-12-07', 'America/Chicago')).toBe(formatDate('2026-12-07'));
    expect(formatPlantDay(null, 'America/Chicago', 'Not set')).toBe('Not set');
  });
});

describe('localDay', () => {
  it("is the device's day, late in the evening too, as a date field holds it", () => {
    expect(localDay(new Date(2026, 10, 24, 23, 30))).toBe('2026-11-24');
    expect(localDay(new Date(2027, 0, 5, 0, 5))).toBe('2027-01-05');
  });
});
