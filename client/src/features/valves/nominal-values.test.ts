import { describe, expect, it } from 'vitest';
import { nominalSizeText, npsText, ratingText } from './nominal-values';

describe('nominal values as the plant reads them', () => {
  it('writes NPS with the fractions of ASME B36.10M', () => {
    expect([0.125, 0.5, 0.75, 1, 1.25, 1.5, 2.5, 3.5, 24].map(npsText)).toEqual([
      '1/8',
      '1/2',
      '3/4',
      '1',
      '1-1/4',
      '1-1/2',
      '2-1/2',
      '3-1/2',
      '24',
    ]);
  });

  it("puts the plant's unit first, and says nothing when the text named no size", () => {
    const valve = { sizeDn: 40, sizeNps: 1.5, pressureClass: 600, pressurePn: 110 };
    expect(nominalSizeText(valve, 'in')).toBe('NPS 1-1/2 · DN 40');
    expect(nominalSizeText(valve, 'DN')).toBe('DN 40 · NPS 1-1/2');
    expect(nominalSizeText({ ...valve, sizeNps: null }, 'in')).toBe('DN 40');
    expect(nominalSizeText({ ...valve, sizeDn: null, sizeNps: null }, 'DN')).toBeNull();
    expect(ratingText(valve)).toBe('Class 600 · PN 110');
    expect(ratingText({ ...valve, pressureClass: null, pressurePn: 40 })).toBe('PN 40');
    expect(ratingText({ ...valve, pressureClass: null, pressurePn: null })).toBeNull();
  });
});
