import { describe, expect, it } from 'vitest';
import { ALARM_LATE_AFTER_MS, freshness } from './freshness';

describe('freshness', () => {
  const now = 1_000_000;

  it('is live while the list loads from the server every round', () => {
    expect(freshness({ updatedAt: now - 14_000, storedAt: undefined, now })).toEqual({
      kind: 'live',
      at: now - 14_000,
    });
  });

  it('is late once three rounds have been missed', () => {
    const updatedAt = now - ALARM_LATE_AFTER_MS - 1;
    expect(freshness({ updatedAt, storedAt: undefined, now })).toEqual({ kind: 'late', at: updatedAt });
  });

  it("is the device's copy, as old as when it was kept, when the server could not be reached", () => {
    expect(freshness({ updatedAt: now, storedAt: now - 600_000, now })).toEqual({ kind: 'stored', at: now - 600_000 });
  });
});
