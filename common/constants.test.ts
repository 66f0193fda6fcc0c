import { describe, expect, it } from 'vitest';
import { retryDelayMs, TIMINGS, VALVE_ID_PATTERN } from './constants';

describe('retry backoff of spec §9', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});

describe('spec timings', () => {
  it('keeps the spec’s numbers', () => {
    expect(TIMINGS.scannerRedirectMs).toBe(1000);
    expect(TIMINGS.offlineBannerLingerMs).toBe(5000);
    expect(TIMINGS.toastRemoveDelayMs).toBe(1_000_000);
    expect(TIMINGS.cacheStaleAfterMs).toBe(3_600_000);
    expect(TIMINGS.queryFreshMs).toBe(300_000);
    expect(TIMINGS.queryKeptMs).toBe(1_800_000);
  });
});

describe('valve tag', () => {
  it('is V, a number and a two-letter type code', () => {
    for (const ok of ['V-001-BV', 'V-10000-GL', 'V-5-PV']) expect(VALVE_ID_PATTERN.test(ok)).toBe(true);
    for (const bad of ['V-001', 'v-001-bv', 'V-001-B', 'X-001-BV', 'V-ABC-BV', 'V-001-BVX']) {
      expect(VALVE_ID_PATTERN.test(bad)).toBe(false);
    }
  });
});
