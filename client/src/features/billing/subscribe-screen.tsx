import { type BillingCycle, isPlanId, PLAN_IDS, type PlanId, PRICING, planChangeKind } from '@common/billing';
import { TEXTS } from '@common/texts';
import { Loader2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { useCan } from '@/lib/session/use-can';
import type { Purchase } from './api/create-payment-setup';
import { useBillingAccount } from './api/get-billing-account';
import { BillingCycleToggle } from './components/billing-cycle-toggle';
import { dollars } from './components/money';
import { OptionChooser } from './components/option-chooser';
import { PaymentForm, PaymentProblem } from './components/payment-form';
import { kindWord, PlanChangeDialog } from './components/plan-change-dialog';
import { PurchaseLayout } from './components/purchase-layout';
import { BILLING_TEXTS as B } from './texts';
import { usePaymentSetup } from './use-payment-setup';

/**
 * /subscribe (spec §2.16): cycle (default monthly) and plan (default professional), then the card. Issue 17: the
 * plan in force is shown; changing it is an upgrade or a downgrade the admin confirms after reading what changes and
 * when; nothing is set up with the provider until they ask to pay.
 */
export function SubscribeScreen() {
  const [params, setParams] = useSearchParams();
  // Held here and mirrored in the URL: the radio answers at once, the URL keeps the choice on reload.
  const [planId, setPlanId] = useState<PlanId>(() => {
    const chosen = params.get('plan') ?? '';
    return isPlanId(chosen) ? chosen : 'professional';
  });
  const [cycle, setCycle] = useState<BillingCycle>(() => (params.get('cycle') === 'annual' ? 'annual' : 'monthly'));
  const [requested, setRequested] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const plan = PRICING.plans[planId];
  const allowed = useCan('billing:manage');
  const account = useBillingAccount({ enabled: allowed });
  const current = account.data?.plan ?? null;
  const kind = planChangeKind(current, planId, cycle);
  const later = kind === 'downgrade' || kind === 'cycle';
  const trial = account.data?.trialAvailable !== false;
  const purchase = useMemo<Purchase | null>(
    () =>
      requested
        ? { kind: 'plan', body: { planId, billingCycle: cycle, ...(current ? { confirmChange: true } : {}) } }
        : null,
    [requested, planId, cycle, current],
  );
  const setup = usePaymentSetup(allowed ? purchase : null);
  const choose = (next: { plan?: PlanId; cycle?: BillingCycle }) => {
    setRequested(false);
    setPlanId(next.plan ?? planId);
    setCycle(next.cycle ?? cycle);
    setParams({ plan: next.plan ?? planId, cycle: next.cycle ?? cycle }, { replace: true });
  };
  const per = cycle === 'annual' ? B.perYear : B.perMonth;
  const price = `${dollars(plan[cycle])}${per}`;

  const action = () => {
    if (account.isPending) {
      return (
        <output className="flex items-center gap-2 text-base text-slate-700">
          <Loader2 className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          {B.settingUp}
        </output>
      );
    }
    if (account.isError) return <PaymentProblem message={account.error.message} onRetry={() => account.refetch()} />;
    if (kind === 'same')
      return <p className="rounded-lg bg-slate-100 p-3 text-base text-slate-800">{B.isCurrentPlan}</p>;
    if (requested && purchase) {
      return (
        <PaymentForm
          purchase={purchase}
          setup={setup}
          submitLabel={trial && kind === 'new' ? B.startSubscription : B.confirmChange(kindWord(kind))}
        />
      );
    }
    return (
      <Button onClick={() => (current ? setConfirming(true) : setRequested(true))}>
        {current ? B.reviewChange(kindWord(kind)) : B.continueToPayment}
      </Button>
    );
  };

  return (
    <PurchaseLayout
      title={TEXTS.billing.subscribeTitle}
      allowed={allowed}
      chooser={
        <>
          {current ? (
            <p className="rounded-lg border border-slate-300 bg-white p-3 text-base text-slate-800">
              <span className="block text-sm font-semibold text-slate-600">{B.currentPlan}</span>
              <span className="font-bold text-slate-900">
                {current.planName} · {current.billingCycle}
              </span>{' '}
              · {B.renews.toLowerCase()} {formatDate(current.currentPeriodEnd)}
            </p>
          ) : null}
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
              {plan.name}
              {trial && kind === 'new' ? ` · ${TEXTS.billing.trial(PRICING.trialDays)}` : ''}
            </span>
            <span className="text-right">
              <span className="block text-sm text-slate-600">{B.dueToday}</span>
              <span className="text-xl font-bold text-slate-900">
                {dollars(later || (trial && kind === 'new') ? 0 : plan[cycle])}
              </span>
            </span>
          </p>
          {later ? (
            <p className="text-right text-sm text-slate-700">
              {B.dueOn(formatDate(current?.currentPeriodEnd))}: {price}
            </p>
          ) : (
            <p className="text-right text-sm text-slate-700">{B.dueAfterTrial(price)}</p>
          )}
        </div>
      }
    >
      {action()}
      {account.data && current && kind !== 'same' && kind !== 'new' ? (
        <PlanChangeDialog
          open={confirming}
          onOpenChange={setConfirming}
          account={account.data}
          kind={kind}
          planId={planId}
          cycle={cycle}
          onConfirm={() => {
            setConfirming(false);
            setRequested(true);
          }}
        />
      ) : null}
    </PurchaseLayout>
  );
}
