import { TIMINGS } from '@common/constants';
import { describe, expect, it } from 'vitest';
import { offlineBannerVisible } from './online-status';

describe('offlineBannerVisible', () => {
  const wentOffline = 1_000_000;

  it('shows while offline', () => {
    expect(offlineBannerVisible(false, wentOffline, wentOffline + 60_000)).toBe(true);
  });

  it('lingers after going offline even when the connection is back', () => {
    expect(offlineBannerVisible(true, wentOffline, wentOffline + TIMINGS.offlineBannerLingerMs - 1)).toBe(true);
    expect(offlineBannerVisible(true, wentOffline, wentOffline + TIMINGS.offlineBannerLingerMs)).toBe(false);
  });

  it('stays hidden when the connection never dropped', () => {
    expect(offlineBannerVisible(true, null, wentOffline)).toBe(false);
  });
});
