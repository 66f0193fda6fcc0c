import { TEXTS } from '@common/texts';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { BILLING_TEXTS as B } from '../texts';
import { TrustLine } from './trust-line';

/**
 * /checkout and /subscribe: back link, title, the chooser and the payment form side by side on a desktop,
 * stacked on a phone. Only admins buy for the organization; anyone else is told whom to ask.
 */
export function PurchaseLayout({
  title,
  chooser,
  summary,
  allowed,
  children,
}: {
  title: string;
  chooser: ReactNode;
  summary: ReactNode;
  /** Whether the user may buy (common/permissions.ts billing:manage); the server checks again. */
  allowed: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <title>{`${title} · ValveOps`}</title>
      <Link
        to="/pricing"
        className="-ml-2 mb-2 inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-base font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft className="size-5" aria-hidden="true" />
        {TEXTS.billing.backToPricing}
      </Link>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{title}</h1>
      <div className="grid gap-6 md:grid-cols-2">
        <div className="grid content-start gap-4">{chooser}</div>
        <Card className="grid content-start gap-4 p-4 md:p-5">
          <h2 className="text-lg font-bold text-slate-900">{B.payment}</h2>
          {summary}
          {allowed ? (
            children
          ) : (
            <div className="flex items-start gap-2 rounded-lg bg-slate-100 p-3">
              <ShieldAlert className="mt-0.5 size-5 shrink-0 text-slate-600" aria-hidden="true" />
              <div>
                <p className="text-base font-semibold text-slate-900">{B.adminOnly}</p>
                <p className="text-sm text-slate-700">{B.adminOnlyHint}</p>
              </div>
            </div>
          )}
        </Card>
      </div>
      <div className="mt-8">
        <TrustLine />
      </div>
    </>
  );
}
