import { randomBytes } from 'node:crypto';
import { SANDBOX_CARDS } from '@common/billing';
import type { CreatedSubscription, PaymentGateway } from './provider';

const DAY = 86_400_000;
const token = () => randomBytes(12).toString('hex');

/** `<intent id>_secret_<random>`, the shape of Stripe's client secrets, so the client treats both alike. */
export function intentIdOf(clientSecret: string): string | null {
  const at = clientSecret.indexOf('_secret_');
  return at > 0 ? clientSecret.slice(0, at) : null;
}

/**
 * The built-in provider when no Stripe keys are set: intents and client secrets are made here, and the test-mode
 * card form confirms them through POST /api/billing/sandbox/confirm. No money moves.
 */
export function sandboxGateway(now: () => Date = () => new Date()): PaymentGateway {
  return {
    name: 'sandbox',
    async createPaymentIntent() {
      const id = `sbx_pi_${token()}`;
      return { id, clientSecret: `${id}_secret_${token()}` };
    },
    async createSubscription(request): Promise<CreatedSubscription> {
      const setup = request.trialDays > 0 || request.startsAt !== null;
      const intentId = setup ? `sbx_seti_${token()}` : `sbx_pi_${token()}`;
      const trialEndsAt = request.trialDays > 0 ? new Date(now().getTime() + request.trialDays * DAY) : null;
      return {
        id: `sbx_sub_${token()}`,
        intent: setup ? 'setup' : 'payment',
        intentId,
        clientSecret: `${intentId}_secret_${token()}`,
        // Counts only once the card is saved or the first payment made (the confirmation turns it on).
        status: 'incomplete',
        trialEndsAt,
        currentPeriodEnd: trialEndsAt ?? request.startsAt,
      };
    },
    async cancelSubscription() {
      // Nothing to tell anyone: the sandbox's records are the database's, updated by the caller.
    },
  };
}

/** Luhn checksum: the last digit of every card number. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardVerdict = { ok: true } | { ok: false; status: 400 | 402; message: string };

/**
 * Stripe's test numbers behave as in Stripe's test mode (4242... succeeds, 4000 0000 0000 0002 is declined);
 * any other number is refused, so nobody types a real card into a form that charges nothing.
 */
export function judgeCard(cardNumber: string, expiry: string, now: Date): CardVerdict {
  if (!luhnValid(cardNumber)) return { ok: false, status: 400, message: 'Your card number is invalid.' };
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  const endOfMonth = Date.UTC(2000 + year, month, 1);
  if (endOfMonth <= now.getTime())
    return { ok: false, status: 402, message: "Your card's expiration date is in the past." };
  if (cardNumber === SANDBOX_CARDS.declined) return { ok: false, status: 402, message: 'Your card was declined.' };
  if (cardNumber === SANDBOX_CARDS.insufficientFunds)
    return { ok: false, status: 402, message: 'Your card has insufficient funds.' };
  if (cardNumber === SANDBOX_CARDS.success) return { ok: true };
  return {
    ok: false,
    status: 400,
    message: 'Test mode takes test cards only: use 4242 4242 4242 4242 (or 4000 0000 0000 0002 to see a decline).',
  };
}
