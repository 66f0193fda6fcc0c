import { describe, expect, it } from 'vitest';
import { annualSavingsPercent, findProduct, PLAN_IDS, PRICING, planPrice } from './billing';
import { PRICING as FROM_CONSTANTS } from './constants';

describe('the catalogue (spec §9)', () => {
  it('has the prices of the spec, in one place', () => {
    expect(FROM_CONSTANTS).toBe(PRICING);
    expect(PLAN_IDS.map((id) => [planPrice(id, 'monthly'), planPrice(id, 'annual')])).toEqual([
      [29, 290],
      [79, 790],
      [199, 1990],
    ]);
    expect(PRICING.products['complete-library'].price).toBe(499);
    expect(PRICING.products['emergency-kit'].price).toBe(149);
    expect(PRICING.trialDays).toBe(7);
    expect(PRICING.moneyBackDays).toBe(30);
    expect(PRICING.plans.professional.mostPopular).toBe(true);
  });

  it("makes 'Save 17%' true for every plan", () => {
    expect(PRICING.annualSavingsLabel).toBe('Save 17%');
    for (const id of PLAN_IDS) expect(annualSavingsPercent(id)).toBe(17);
  });

  it('finds a product by id or by name, and nothing else', () => {
    expect(findProduct('emergency-kit')).toBe('emergency-kit');
    expect(findProduct(' Complete Manual Library ')).toBe('complete-library');
    expect(findProduct('complete')).toBeNull();
  });

  it('promises in each plan text the limits the server enforces', () => {
    expect(PRICING.plans.basic.features).toContain('1 plant');
    expect(PRICING.plans.basic.limits).toEqual({ plants: 1, valves: 100, apiAccess: false });
    expect(PRICING.plans.professional.features).toContain('Up to 2 plants');
    expect(PRICING.plans.professional.limits).toEqual({ plants: 2, valves: 1000, apiAccess: false });
    expect(PRICING.plans.enterprise.features).toContain('API access for your own systems');
    expect(PRICING.plans.enterprise.limits).toEqual({ plants: null, valves: null, apiAccess: true });
  });
});
