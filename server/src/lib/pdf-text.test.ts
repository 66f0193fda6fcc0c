import { describe, expect, it } from 'vitest';
import { plantDateTime, winAnsi } from './pdf-text';

describe('text bound for a PDF', () => {
  // The report's and the certificate's glyphs: what is outside WinAnsi is written in its words, the rest kept.
  it.each([
    ['set − 5 psig', 'set - 5 psig'],
    ['−10 psi', '-10 psi'],
    ['150 → 152 psi', '150 to 152 psi'],
    ['≤ 50 psig, ≥ 1', '<= 50 psig, >= 1'],
    ['±3% · 10 cm³/h', '±3% · 10 cm³/h'],
  ])('%s prints as %s', (text, printed) => {
    expect(winAnsi(text)).toBe(printed);
  });

  it("reads a moment on the plant's clock with its zone, and in UTC where no plant is known", () => {
    expect(plantDateTime('2026-11-27T15:04:00Z', 'America/Chicago')).toBe('2026-11-27 09:04 CST');
    expect(plantDateTime('2026-07-01T15:04:00Z', 'America/New_York')).toBe('2026-07-01 11:04 EDT');
    expect(plantDateTime('2026-11-27T15:04:00Z', null)).toBe('2026-11-27 15:04 UTC');
  });
});
