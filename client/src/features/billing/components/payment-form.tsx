import { AlertTriangle, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import type { Purchase } from '../api/create-payment-setup';
import { useBillingConfig } from '../api/get-billing-config';
import { successPath, toastOutcome } from '../outcome';
import { BILLING_TEXTS as B } from '../texts';
import type { SetupState } from '../use-payment-setup';
import { SandboxCardForm } from './sandbox-card-form';
import { StripePaymentForm } from './stripe-payment-form';

export type PaymentResult = { ok: true; providerQuery: string } | { ok: false; message: string };

/** A failure the user must read: it stays in the form until the next try (a toast alone disappears). */
export function PaymentProblem({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="grid gap-3 rounded-lg border-2 border-red-600 bg-red-50 p-3 text-red-950">
      <p className="flex items-start gap-2 text-base font-semibold">
        <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">{message}</span>
      </p>
      {onRetry ? (
        <Button variant="outline" onClick={onRetry}>
          {B.tryAgain}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The payment form of /checkout and /subscribe: a loading screen until the client secret arrives, then Stripe's
 * PaymentElement or the sandbox's test-mode card form; each outcome gets spec §8's toast and a declined card its
 * message in the form as well; success goes to /success.
 */
export function PaymentForm({
  purchase,
  setup: { setup, error, retry },
  submitLabel,
}: {
  purchase: Purchase;
  setup: SetupState;
  submitLabel: string;
}) {
  const navigate = useNavigate();
  const config = useBillingConfig();
  const [failure, setFailure] = useState<string | null>(null);
  if (error) return <PaymentProblem message={error} onRetry={retry} />;
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
    setFailure(result.ok ? null : result.message);
    if (result.ok) navigate(successPath(purchase, result.providerQuery));
  };
  const problem = failure ? <PaymentProblem message={failure} /> : null;
  if (setup.provider === 'stripe' && config.data.publishableKey) {
    return (
      <StripePaymentForm
        publishableKey={config.data.publishableKey}
        setup={setup}
        submitLabel={submitLabel}
        returnUrl={`${window.location.origin}${successPath(purchase)}`}
        onResult={onResult}
        problem={problem}
      />
    );
  }
  return (
    <SandboxCardForm
      key={setup.clientSecret}
      setup={setup}
      submitLabel={submitLabel}
      onResult={onResult}
      problem={problem}
    />
  );
}
