import type { CreatePaymentIntentBody, CreateSubscriptionBody, PaymentSetup } from '@common/schemas/billing';
import { newActionKey } from '@/lib/action-key';
import { apiSend } from '@/lib/http';

/** What the payment form is for: a one-time product, or a plan with its billing cycle. */
export type Purchase =
  | { kind: 'product'; body: CreatePaymentIntentBody }
  | { kind: 'plan'; body: CreateSubscriptionBody };

/** Spec §7's set-up calls; the server prices them from its catalogue and answers the client secret. */
export async function createPaymentSetup(purchase: Purchase): Promise<PaymentSetup> {
  const path = purchase.kind === 'product' ? '/api/create-payment-intent' : '/api/create-subscription';
  return (await apiSend<PaymentSetup>('POST', path, purchase.body, { idempotencyKey: newActionKey() })) as PaymentSetup;
}
