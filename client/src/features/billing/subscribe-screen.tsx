import { type BillingCycle, isPlanId, PLAN_IDS, type PlanId, PRICING } from '@common/billing';
import { TEXTS } from '@common/texts';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCan } from '@/lib/session/use-can';
import type { Purchase } from './api/create-payment-setup';
import { BillingCycleToggle } from './components/billing-cycle-toggle';
import { dollars } from './components/money';
import { OptionChooser } from './components/option-chooser';
import { PaymentForm } from './components/payment-form';
import { PurchaseLayout } from './components/purchase-layout';
import { BILLING_TEXTS as B } from './texts';
import { usePaymentSetup } from './use-payment-setup';

/** /subscribe (spec §2.16): cycle (default monthly) and plan (default professional), then the card for the trial. */
export function SubscribeScreen() {
  const [params, setParams] = useSearchParams();
  // Held here and mirrored in the URL: the radio answers at once, the URL keeps the choice on reload.
  const [planId, setPlanId] = useState<PlanId>(() => {
    const chosen = params.get('plan') ?? '';
    return isPlanId(chosen) ? chosen : 'professional';
  });
  const [cycle, setCycle] = useState<BillingCycle>(() => (params.get('cycle') === 'annual' ? 'annual' : 'monthly'));
  const plan = PRICING.plans[planId];
  const allowed = useCan('billing:manage');
  const purchase = useMemo<Purchase>(() => ({ kind: 'plan', body: { planId, billingCycle: cycle } }), [planId, cycle]);
  const setup = usePaymentSetup(allowed ? purchase : null);
  const choose = (next: { plan?: PlanId; cycle?: BillingCycle }) => {
    setPlanId(next.plan ?? planId);
    setCycle(next.cycle ?? cycle);
    setParams({ plan: next.plan ?? planId, cycle: next.cycle ?? cycle }, { replace: true });
  };
  const per = cycle === 'annual' ? B.perYear : B.perMonth;
  return (
    <PurchaseLayout
      title={TEXTS.billing.subscribeTitle}
      allowed={allowed}
      chooser={
        <>
          <BillingCycleToggle value={cycle} onChange={(next) => choose({ cycle: next })} />
          <OptionChooser
            legend={B.choosePlan}
            name="plan"
            value={planId}
            onChange={(next) => choose({ plan: next })}
            options={PLAN_IDS.map((id) => ({
              value: id,
              label:
                'mostPopular' in PRICING.plans[id]
                  ? `${PRICING.plans[id].name} · ${TEXTS.billing.mostPopular}`
                  : PRICING.plans[id].name,
              detail: `${dollars(PRICING.plans[id][cycle])}${per}`,
            }))}
          />
        </>
      }
      summary={
        <div className="grid gap-1 text-base text-slate-800">
          <p className="flex items-baseline justify-between gap-3">
            <span>
              {plan.name} · {TEXTS.billing.trial(PRICING.trialDays)}
            </span>
            <span className="text-right">
              <span className="block text-sm text-slate-600">{B.dueToday}</span>
              <span className="text-xl font-bold text-slate-900">{dollars(0)}</span>
            </span>
          </p>
          <p className="text-right text-sm text-slate-700">{B.dueAfterTrial(`${dollars(plan[cycle])}${per}`)}</p>
        </div>
      }
    >
      <PaymentForm purchase={purchase} setup={setup} submitLabel={B.startSubscription} />
    </PurchaseLayout>
  );
}
