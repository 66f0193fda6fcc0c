import { describe, expect, it } from 'vitest';
import { plantDateTime, winAnsi } from './pdf-text';

describe('text bound for a PDF', () => {
  it('keeps to WinAnsi: arrows become "to", the true minus a hyphen, comparisons their ASCII pairs', () => {
    expect(winAnsi('Seat → lapped, −3 psi, ≤ 5 ≥ 1')).toBe('Seat to lapped, -3 psi, <= 5 >= 1');
  });

  it("reads a moment on the plant's clock with its zone, and in UTC where no plant is known", () => {
    expect(plantDateTime('2026-11-27T15:04:00Z', 'Power Plant A')).toBe('2026-11-27 09:04 CST');
    expect(plantDateTime('2026-07-01T15:04:00Z', 'Chemical Plant C')).toBe('2026-07-01 11:04 EDT');
    expect(plantDateTime('2026-11-27T15:04:00Z', null)).toBe('2026-11-27 15:04 UTC');
  });
});
