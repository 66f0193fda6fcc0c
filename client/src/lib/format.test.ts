import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, localDay } from './format';

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

describe('localDay', () => {
  it("is the device's day, late in the evening too, as a date field holds it", () => {
    expect(localDay(new Date(2026, 10, 24, 23, 30))).toBe('2026-11-24');
    expect(localDay(new Date(2027, 0, 5, 0, 5))).toBe('2027-01-05');
  });
});
