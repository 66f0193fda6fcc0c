import type { PaymentSetup } from '@common/schemas/billing';
import { useCallback, useEffect, useState } from 'react';
import { readApiError } from '@/lib/api-error';
import { createPaymentSetup, type Purchase } from './api/create-payment-setup';

export type SetupState = { setup: PaymentSetup | null; error: string | null; retry: () => void };

/**
 * The set-up call for what the user chose (spec §7). Made only once the user asks to pay (issue 17: nothing is
 * created by looking at plans); the form waits on a loading screen until the client secret arrives. A failure (the
 * provider unreachable: 503, or a plan already held: 409) is said in the form with a way to try again.
 */
export function usePaymentSetup(purchase: Purchase | null): SetupState {
  const [setup, setSetup] = useState<PaymentSetup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = purchase ? JSON.stringify(purchase) : null;
  useEffect(() => {
    setSetup(null);
    setError(null);
    if (!key || attempt < 0) return;
    let current = true;
    createPaymentSetup(JSON.parse(key) as Purchase)
      .then((answer) => {
        if (current) setSetup(answer);
      })
      .catch((failure: unknown) => {
        console.error('Payment set-up failed', failure);
        if (current) setError(readApiError(failure).message);
      });
    return () => {
      current = false;
    };
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { setup, error, retry };
}
