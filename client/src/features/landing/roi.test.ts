import { TEXTS } from '@common/texts';
import { describe, expect, it } from 'vitest';
import { estimateRoi, ROI_CLAIMS } from './roi';

describe('estimateRoi', () => {
  it('applies the claims of spec §9 exactly as the page states them', () => {
    expect(TEXTS.landing.stats.costs).toBe(`${ROI_CLAIMS.costLow * 100}-${ROI_CLAIMS.costHigh * 100}% lower costs`);
    expect(TEXTS.landing.stats.downtime).toBe(`${ROI_CLAIMS.downtime * 100}% less downtime`);
    expect(estimateRoi(400_000, 120)).toEqual({ savingLow: 100_000, savingHigh: 140_000, downtimeHoursSaved: 48 });
  });
  it('treats blank, negative and non-numbers as nothing', () => {
    for (const bad of [Number.NaN, -5, Number.POSITIVE_INFINITY]) {
      expect(estimateRoi(bad, bad)).toEqual({ savingLow: 0, savingHigh: 0, downtimeHoursSaved: 0 });
    }
  });
});
