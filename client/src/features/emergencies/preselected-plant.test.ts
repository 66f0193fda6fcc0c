import { DEMO_PLANTS } from '@common/constants';
import { describe, expect, it } from 'vitest';
import { preselectedPlant } from './preselected-plant';

describe('the plant an emergency is raised for, preselected', () => {
  it("is the valve's plant when raised from a valve", () => {
    expect(preselectedPlant(DEMO_PLANTS, false, 'Gas Plant B')).toBe('Gas Plant B');
    expect(preselectedPlant(['Power Plant A', 'Chemical Plant C'], true, 'Chemical Plant C')).toBe('Chemical Plant C');
  });

  it("is a plant-limited user's first plant elsewhere, or when the valve's plant is not theirs", () => {
    expect(preselectedPlant(['Chemical Plant C', 'Power Plant A'], true)).toBe('Chemical Plant C');
    expect(preselectedPlant(['Chemical Plant C'], true, 'Gas Plant B')).toBe('Chemical Plant C');
  });

  it('is none for a user of every plant away from a valve, never simply the first of the list', () => {
    expect(preselectedPlant(DEMO_PLANTS, false)).toBe('');
  });

  it('is the only plant of an organization that has one', () => {
    expect(preselectedPlant(['Bayside North'], false)).toBe('Bayside North');
  });
});
