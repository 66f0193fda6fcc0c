import { isPlanId, PRICING, PRODUCT_IDS } from '@common/billing';
import { TIMINGS } from '@common/constants';
import { TEXTS } from '@common/texts';
import { CheckCircle2, CircleHelp, Download, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDownloads } from './api/get-downloads';
import { BILLING_TEXTS as B } from './texts';

/** How long /success waits for Stripe's webhook to record a payment before it stops asking. */
const CONFIRMATION_POLLS = 15;

/** /success (spec §2.17): the downloads appear after the 2-second 'preparing' delay; links onward. */
export function SuccessScreen() {
  const [params] = useSearchParams();
  const [prepared, setPrepared] = useState(false);
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setPrepared(true), TIMINGS.successDownloadDelayMs);
    return () => clearTimeout(timer);
  }, []);
  const bought = PRODUCT_IDS.find((id) => id === params.get('product')) ?? null;
  const plan = params.get('plan') ?? '';
  const waiting = (list: { productId: string }[] | undefined) =>
    bought !== null && !list?.some((d) => d.productId === bought) && polls < CONFIRMATION_POLLS;
  const downloads = useDownloads({ enabled: true, pollMs: false });
  const stillWaiting = waiting(downloads.data);
  useEffect(() => {
    if (!stillWaiting || downloads.isFetching) return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      void downloads.refetch();
    }, 2000);
    return () => clearTimeout(timer);
  }, [stillWaiting, downloads]);
  const list = [...(downloads.data ?? [])].sort(
    (a, b) => Number(b.productId === bought) - Number(a.productId === bought),
  );
  // Only a return from checkout (the provider's intent and its status) is a payment to celebrate (issue 17).
  const intent = params.get('payment_intent') ?? params.get('setup_intent');
  const status = params.get('redirect_status');
  if (!intent || status !== 'succeeded') {
    return (
      <div className="mx-auto max-w-xl py-6 text-center">
        <title>{`${B.noPaymentTitle} · ValveOps`}</title>
        <CircleHelp className="mx-auto size-14 text-slate-500" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900">{B.noPaymentTitle}</h1>
        <p className="mt-2 text-base text-slate-700">{intent ? B.paymentNotCompleted : B.noPaymentBody}</p>
        <div className="mt-6 grid gap-2 sm:grid-cols-2">
          <Link to="/pricing" className={buttonClasses('primary', 'md')}>
            {TEXTS.billing.backToPricing}
          </Link>
          <Link to="/dashboard" className={buttonClasses('outline', 'md')}>
            {TEXTS.billing.toDashboard}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-xl py-6">
      <title>{`${TEXTS.billing.successTitle} · ValveOps`}</title>
      <div className="text-center">
        <CheckCircle2 className="mx-auto size-14 text-green-700" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900">{TEXTS.billing.successTitle}</h1>
        <p className="mt-2 text-base text-slate-700">
          {isPlanId(plan)
            ? `${PRICING.plans[plan].name}: ${TEXTS.billing.subscriptionSucceededDetail}`
            : bought
              ? `${PRICING.products[bought].name}: ${TEXTS.billing.paymentSucceededDetail}`
              : B.successIntro}
        </p>
      </div>
      <Card className="mt-6 p-4">
        <h2 className="mb-3 text-lg font-bold text-slate-900">{B.downloadsHeading}</h2>
        {!prepared || downloads.isPending || stillWaiting ? (
          <output className="flex items-center gap-2 text-base text-slate-700">
            <Loader2 className="size-5 animate-spin text-brand-600 motion-reduce:animate-none" aria-hidden="true" />
            {prepared && stillWaiting ? B.waitingForConfirmation : TEXTS.billing.preparing}
          </output>
        ) : downloads.isError ? (
          <LoadError error={downloads.error} onRetry={() => downloads.refetch()} />
        ) : list.length === 0 ? (
          <p className="text-base text-slate-700">{B.noDownloads}</p>
        ) : (
          <ul className="grid gap-2">
            {list.map((item) => (
              <li key={item.productId}>
                <a href={item.url} download={item.fileName} className={buttonClasses('primary', 'md', 'w-full')}>
                  <Download className="size-5 shrink-0" aria-hidden="true" />
                  {B.download(item.name)}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <div className="mt-6 grid gap-2 sm:grid-cols-2">
        <Link to="/dashboard" className={buttonClasses('outline', 'md')}>
          {TEXTS.billing.toDashboard}
        </Link>
        <Link to="/valves" className={buttonClasses('outline', 'md')}>
          {TEXTS.billing.toValves}
        </Link>
      </div>
    </div>
  );
}
