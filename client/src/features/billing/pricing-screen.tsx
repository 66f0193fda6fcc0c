import { type BillingCycle, PLAN_IDS, PRICING, PRODUCT_IDS } from '@common/billing';
import { TEXTS } from '@common/texts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { buttonClasses } from '@/components/ui/button';
import { BillingCycleToggle } from './components/billing-cycle-toggle';
import { PlanCard } from './components/plan-card';
import { ProductCard } from './components/product-card';
import { TrustLine } from './components/trust-line';
import { BILLING_TEXTS as B } from './texts';

/** /pricing (spec §2.14): the cycle toggle, three plans, two one-time products and the trust line. */
export function PricingScreen() {
  const [params] = useSearchParams();
  const [cycle, setCycle] = useState<BillingCycle>(params.get('cycle') === 'annual' ? 'annual' : 'monthly');
  return (
    <>
      <title>{`${TEXTS.billing.pricingTitle} · ValveOps`}</title>
      <PageHeader title={TEXTS.billing.pricingTitle} />
      <p className="-mt-2 mb-4 text-base text-slate-700">{B.pricingIntro}</p>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <BillingCycleToggle value={cycle} onChange={setCycle} />
        <p className="text-base font-semibold text-green-800">{TEXTS.billing.trial(PRICING.trialDays)}</p>
      </div>
      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="sr-only">
          {B.plansHeading}
        </h2>
        <div className="grid gap-6 md:grid-cols-3 md:gap-4">
          {PLAN_IDS.map((planId) => (
            <PlanCard key={planId} planId={planId} cycle={cycle}>
              <Link
                to={`/subscribe?plan=${planId}&cycle=${cycle}`}
                className={buttonClasses(
                  'mostPopular' in PRICING.plans[planId] ? 'primary' : 'outline',
                  'md',
                  'w-full',
                )}
              >
                {B.startTrial(PRICING.plans[planId].name)}
              </Link>
            </PlanCard>
          ))}
        </div>
        <p className="mt-3 text-sm text-slate-600">{B.trialNote}</p>
      </section>
      <section aria-labelledby="products-heading" className="mt-8">
        <h2 id="products-heading" className="mb-3 text-xl font-bold text-slate-900">
          {B.productsHeading}
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          {PRODUCT_IDS.map((productId) => (
            <ProductCard key={productId} productId={productId}>
              <Link to={`/checkout?package=${productId}`} className={buttonClasses('outline', 'md', 'w-full')}>
                {B.buy(PRICING.products[productId].name)}
              </Link>
            </ProductCard>
          ))}
        </div>
      </section>
      <div className="mt-8 border-t border-slate-200 pt-5">
        <TrustLine />
      </div>
    </>
  );
}
