import type { PaymentSetup } from '@common/schemas/billing';
import { useEffect, useState } from 'react';
import { createPaymentSetup, type Purchase } from './api/create-payment-setup';

/**
 * Spec §4: every change of plan, cycle or package makes a new set-up call, and the form waits (loading screen)
 * until its client secret arrives. A failed set-up is only logged (spec §8): the loading screen stays.
 */
export function usePaymentSetup(purchase: Purchase | null): PaymentSetup | null {
  const [setup, setSetup] = useState<PaymentSetup | null>(null);
  const key = purchase ? JSON.stringify(purchase) : null;
  useEffect(() => {
    setSetup(null);
    if (!key) return;
    let current = true;
    createPaymentSetup(JSON.parse(key) as Purchase)
      .then((answer) => {
        if (current) setSetup(answer);
      })
      .catch((error: unknown) => console.error('Payment set-up failed', error));
    return () => {
      current = false;
    };
  }, [key]);
  return setup;
}
