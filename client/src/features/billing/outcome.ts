import { TEXTS } from '@common/texts';
import { toast } from '@/lib/toast';
import type { Purchase } from './api/create-payment-setup';

const T = TEXTS.billing;

/** Where /success is told what was bought, so it can show that download first. */
export function successPath(purchase: Purchase, providerQuery = ''): string {
  const what =
    purchase.kind === 'product'
      ? `product=${encodeURIComponent(purchase.body.productName)}`
      : `plan=${purchase.body.planId}`;
  return `/success?${what}${providerQuery ? `&${providerQuery}` : ''}`;
}

/** Spec §8's toasts for each outcome of a payment or a subscription. */
export function toastOutcome(purchase: Purchase, failure: string | null) {
  const product = purchase.kind === 'product';
  if (failure === null) {
    toast({
      title: product ? T.paymentSucceeded : T.subscriptionSucceeded,
      description: product ? T.paymentSucceededDetail : T.subscriptionSucceededDetail,
    });
  } else {
    toast({ title: product ? T.paymentFailed : T.subscriptionFailed, description: failure, tone: 'danger' });
  }
}
