import { type BillingCycle, type PlanId, PRICING } from '@common/billing';
import { TEXTS } from '@common/texts';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { BILLING_TEXTS as B } from '../texts';
import { dollars } from './money';

/** One plan with its price for the cycle, what it includes, and the action under it. */
export function PlanCard({ planId, cycle, children }: { planId: PlanId; cycle: BillingCycle; children: ReactNode }) {
  const plan = PRICING.plans[planId];
  const popular = 'mostPopular' in plan && plan.mostPopular;
  return (
    <Card
      className={cn('relative flex flex-col p-5', popular && 'border-2 border-brand-600 shadow-md')}
      aria-labelledby={`plan-${planId}`}
      role="group"
    >
      {popular ? (
        <span className="absolute -top-3 left-5 rounded-full bg-brand-600 px-3 py-0.5 text-sm font-bold text-white">
          {TEXTS.billing.mostPopular}
        </span>
      ) : null}
      <h3 id={`plan-${planId}`} className="text-xl font-bold text-slate-900">
        {plan.name}
      </h3>
      <p className="mt-1 text-base text-slate-600">{plan.description}</p>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold text-slate-900">{dollars(plan[cycle])}</span>
        <span className="text-base text-slate-600">{cycle === 'annual' ? B.perYear : B.perMonth}</span>
      </p>
      <p className="mt-1 text-sm font-semibold text-green-800">{TEXTS.billing.trial(PRICING.trialDays)}</p>
      <ul className="mt-4 grid gap-2 text-base text-slate-800">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-5">{children}</div>
    </Card>
  );
}
