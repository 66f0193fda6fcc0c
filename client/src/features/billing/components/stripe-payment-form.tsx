import type { PaymentSetup } from '@common/schemas/billing';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
// The pure entry loads Stripe.js when a payment form asks for it: the package's main entry injects the script as
// soon as the screen's chunk is imported, so the sandbox (no Stripe, CSP 'self') logged a refused script (issue 29).
import { loadStripe } from '@stripe/stripe-js/pure';
import { Loader2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { BILLING_TEXTS as B } from '../texts';
import type { PaymentResult } from './payment-form';

const loaded = new Map<string, Promise<Stripe | null>>();
/** Stripe.js once per key, for the whole visit. */
function stripeFor(publishableKey: string) {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

type FormProps = {
  setup: PaymentSetup;
  submitLabel: string;
  /** Absolute address Stripe returns to after a redirecting payment method (spec §7: /success). */
  returnUrl: string;
  onResult: (result: PaymentResult) => void;
  /** The last attempt's failure (a declined card), shown above the button. */
  problem: ReactNode;
};

/** Stripe Elements' PaymentElement; a new client secret mounts a new form (Elements cannot change it). */
export function StripePaymentForm({ publishableKey, ...props }: FormProps & { publishableKey: string }) {
  return (
    <Elements
      key={props.setup.clientSecret}
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret: props.setup.clientSecret, appearance: { theme: 'stripe' } }}
    >
      <StripeForm {...props} />
    </Elements>
  );
}

function StripeForm({ setup, submitLabel, returnUrl, onResult, problem }: FormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Spec §5: nothing happens until Stripe and its form are ready.
    if (!stripe || !elements || !ready || processing) return;
    setProcessing(true);
    const confirmParams = { return_url: returnUrl };
    try {
      if (setup.intent === 'payment') {
        const result = await stripe.confirmPayment({ elements, confirmParams, redirect: 'if_required' });
        if (result.error) onResult({ ok: false, message: result.error.message ?? 'The payment was not completed.' });
        else
          onResult({ ok: true, providerQuery: `payment_intent=${result.paymentIntent.id}&redirect_status=succeeded` });
      } else {
        const result = await stripe.confirmSetup({ elements, confirmParams, redirect: 'if_required' });
        if (result.error) onResult({ ok: false, message: result.error.message ?? 'The card was not saved.' });
        else onResult({ ok: true, providerQuery: `setup_intent=${result.setupIntent.id}&redirect_status=succeeded` });
      }
    } finally {
      setProcessing(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <PaymentElement onReady={() => setReady(true)} />
      {problem}
      <Button type="submit" disabled={!stripe || !elements || !ready || processing}>
        {processing ? <Loader2 className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
        {processing ? B.processing : submitLabel}
      </Button>
    </form>
  );
}
