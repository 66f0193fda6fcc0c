import type { PaymentSetup } from '@common/schemas/billing';
import { TEXTS } from '@common/texts';
import { FlaskConical, Loader2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { newActionKey } from '@/lib/action-key';
import { readApiError } from '@/lib/api-error';
import { confirmSandbox } from '../api/confirm-sandbox';
import { BILLING_TEXTS as B } from '../texts';
import type { PaymentResult } from './payment-form';

/** Groups of four as people read card numbers. */
const spaced = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** The built-in provider's card form, clearly marked as test mode: nothing is charged. */
export function SandboxCardForm({
  setup,
  submitLabel,
  onResult,
  problem,
}: {
  setup: PaymentSetup;
  submitLabel: string;
  onResult: (result: PaymentResult) => void;
  /** The last attempt's failure (a declined card), shown above the button. */
  problem: ReactNode;
}) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [processing, setProcessing] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (processing) return;
    setProcessing(true);
    try {
      const { returnUrl } = await confirmSandbox(
        { clientSecret: setup.clientSecret, cardNumber, expiry, cvc },
        newActionKey(),
      );
      onResult({ ok: true, providerQuery: returnUrl.split('?')[1] ?? '' });
    } catch (error) {
      onResult({ ok: false, message: readApiError(error).message });
    } finally {
      setProcessing(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label={TEXTS.billing.testMode}>
      <div className="flex items-start gap-2 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 p-3 text-amber-950">
        <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="text-base font-bold">{TEXTS.billing.testMode}</p>
          <p className="text-sm">{B.testCards}</p>
        </div>
      </div>
      <Field label={B.cardNumber} required>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="off"
            placeholder="4242 4242 4242 4242"
            value={cardNumber}
            onChange={(e) => setCardNumber(spaced(e.target.value))}
            required
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label={B.expiry} required>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              placeholder="12 / 34"
              maxLength={7}
              value={expiry}
              onChange={(e) => setExpiry(e.target.value)}
              required
            />
          )}
        </Field>
        <Field label={B.cvc} required>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              placeholder="123"
              maxLength={4}
              value={cvc}
              onChange={(e) => setCvc(e.target.value)}
              required
            />
          )}
        </Field>
      </div>
      {problem}
      <Button type="submit" disabled={processing}>
        {processing ? <Loader2 className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
        {processing ? B.processing : submitLabel}
      </Button>
    </form>
  );
}
