import type { PaymentSetup } from '@common/schemas/billing';
import { Loader2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Purchase } from '../api/create-payment-setup';
import { useBillingConfig } from '../api/get-billing-config';
import { successPath, toastOutcome } from '../outcome';
import { BILLING_TEXTS as B } from '../texts';
import { SandboxCardForm } from './sandbox-card-form';
import { StripePaymentForm } from './stripe-payment-form';

export type PaymentResult = { ok: true; providerQuery: string } | { ok: false; message: string };

/**
 * The payment form of /checkout and /subscribe: a loading screen until the client secret arrives, then Stripe's
 * PaymentElement or the sandbox's test-mode card form; each outcome gets spec §8's toast, success goes to /success.
 */
export function PaymentForm({
  purchase,
  setup,
  submitLabel,
}: {
  purchase: Purchase;
  setup: PaymentSetup | null;
  submitLabel: string;
}) {
  const navigate = useNavigate();
  const config = useBillingConfig();
  if (!setup || !config.data) {
    return (
      <output className="flex min-h-48 flex-col items-center justify-center gap-3 text-base text-slate-700">
        <Loader2 className="size-8 animate-spin text-brand-600 motion-reduce:animate-none" aria-hidden="true" />
        {B.settingUp}
      </output>
    );
  }
  const onResult = (result: PaymentResult) => {
    toastOutcome(purchase, result.ok ? null : result.message);
    if (result.ok) navigate(successPath(purchase, result.providerQuery));
  };
  if (setup.provider === 'stripe' && config.data.publishableKey) {
    return (
      <StripePaymentForm
        publishableKey={config.data.publishableKey}
        setup={setup}
        submitLabel={submitLabel}
        returnUrl={`${window.location.origin}${successPath(purchase)}`}
        onResult={onResult}
      />
    );
  }
  return <SandboxCardForm key={setup.clientSecret} setup={setup} submitLabel={submitLabel} onResult={onResult} />;
}
