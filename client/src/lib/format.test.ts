import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

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
