import type { BillingAccount } from '@common/schemas/billing';
import { Download, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { DetailList, DetailRow } from '@/components/detail-row';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Section } from '@/components/section';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeletons } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { useCan } from '@/lib/session/use-can';
import { useBillingAccount } from './api/get-billing-account';
import { dollars } from './components/money';
import { SubscriptionStatusBadge } from './components/subscription-status-badge';
import { BILLING_TEXTS as B } from './texts';

/** '3 of 100', or '4 in use, no limit'. */
const limitText = (limit: number | null, used: number) =>
  limit === null
    ? `${used.toLocaleString('en-US')} in use, ${B.noLimit}`
    : `${used.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')}`;

function PlanSummary({ account }: { account: BillingAccount }) {
  const { plan } = account;
  if (!plan) return <p className="text-base text-slate-800">{B.noPlan}</p>;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-xl font-bold text-slate-900">{plan.planName}</p>
        <SubscriptionStatusBadge status={plan.status} />
      </div>
      <DetailList>
        <DetailRow label="Price">
          {dollars(plan.amount)}
          {plan.billingCycle === 'annual' ? B.perYear : B.perMonth}
        </DetailRow>
        {plan.status === 'trialing' ? <DetailRow label={B.trialEnds}>{formatDate(plan.trialEndsAt)}</DetailRow> : null}
        <DetailRow label={account.scheduled ? 'Ends' : B.renews}>{formatDate(plan.currentPeriodEnd)}</DetailRow>
      </DetailList>
      {account.scheduled ? (
        <p className="rounded-lg bg-amber-50 p-3 text-base text-amber-950">
          {B.scheduled(account.scheduled.planName, formatDate(account.scheduled.startsAt))}
        </p>
      ) : null}
      {account.pendingCancellations.map((pending) => (
        <p key={pending.subscriptionId} role="alert" className="rounded-lg bg-red-50 p-3 text-base text-red-900">
          {B.cancellationPending(pending.attempts)}
        </p>
      ))}
    </div>
  );
}

/** /admin/billing: the organization's plan and trial end, limits against usage, downloads and purchases. */
export function BillingAccountScreen() {
  const allowed = useCan('billing:manage');
  const account = useBillingAccount({ enabled: allowed });
  return (
    <>
      <title>{`${B.accountTitle} · ValveOps`}</title>
      {!allowed ? (
        <div className="mx-auto max-w-lg py-10 text-center">
          <ShieldAlert className="mx-auto size-12 text-slate-400" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">{B.accountRefused}</h1>
        </div>
      ) : (
        <>
          <PageHeader
            title={B.accountTitle}
            action={
              <Link to="/pricing" className={buttonClasses('outline', 'md')}>
                {B.changePlan}
              </Link>
            }
          />
          <p className="-mt-2 mb-4 text-base text-slate-700">{B.accountIntro}</p>
          {account.isPending ? (
            <Skeletons count={3} label={B.accountTitle} itemClassName="h-32" />
          ) : account.isError ? (
            <LoadError error={account.error} onRetry={() => account.refetch()} />
          ) : (
            <>
              <Card className="p-4">
                <PlanSummary account={account.data} />
              </Card>
              <Section id="limits" title={B.limitsHeading}>
                <Card className="p-4">
                  <DetailList>
                    <DetailRow label={B.plants}>
                      {limitText(account.data.limits.plants, account.data.usage.plants)}
                    </DetailRow>
                    <DetailRow label={B.valves}>
                      {limitText(account.data.limits.valves, account.data.usage.valves)}
                    </DetailRow>
                    <DetailRow label={B.apiAccess}>
                      {account.data.limits.apiAccess ? B.includedLimit : B.notIncluded}
                    </DetailRow>
                  </DetailList>
                </Card>
              </Section>
              <Section id="downloads" title={B.downloadsHeading}>
                {account.data.downloads.length === 0 ? (
                  <EmptyState>{B.noDownloads}</EmptyState>
                ) : (
                  <ul className="grid gap-2 md:grid-cols-2">
                    {account.data.downloads.map((item) => (
                      <li key={item.productId}>
                        <a
                          href={item.url}
                          download={item.fileName}
                          className={buttonClasses('outline', 'md', 'w-full')}
                        >
                          <Download className="size-5 shrink-0" aria-hidden="true" />
                          {B.download(item.name)}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </Section>
              <Section id="purchases" title={B.purchasesHeading}>
                {account.data.purchases.length === 0 ? (
                  <EmptyState>{B.noPurchases}</EmptyState>
                ) : (
                  <ul aria-label={B.purchasesHeading} className="grid gap-2">
                    {account.data.purchases.map((purchase) => (
                      <li key={purchase.id}>
                        <Card className="flex flex-wrap items-center justify-between gap-2 p-3">
                          <div className="min-w-0">
                            <p className="text-base font-semibold text-slate-900">{purchase.productName}</p>
                            <p className="text-sm text-slate-600">
                              {formatDate(purchase.paidAt ?? purchase.createdAt)}
                              {purchase.failureMessage ? ` · ${purchase.failureMessage}` : ''}
                            </p>
                          </div>
                          <div className="flex items-center gap-2">
                            <span className="text-base font-semibold text-slate-900">{dollars(purchase.amount)}</span>
                            <Badge tone={purchase.status === 'succeeded' ? 'success' : 'danger'}>
                              {purchase.status === 'succeeded' ? 'Paid' : 'Failed'}
                            </Badge>
                          </div>
                        </Card>
                      </li>
                    ))}
                  </ul>
                )}
              </Section>
              <Section id="subscriptions" title={B.historyHeading}>
                <ul aria-label={B.historyHeading} className="grid gap-2">
                  {account.data.subscriptions.map((s) => (
                    <li key={s.id}>
                      <Card className="flex flex-wrap items-center justify-between gap-2 p-3">
                        <div className="min-w-0">
                          <p className="text-base font-semibold text-slate-900">
                            {s.planName} · {dollars(s.amount)}
                            {s.billingCycle === 'annual' ? B.perYear : B.perMonth}
                          </p>
                          <p className="text-sm text-slate-600">Started {formatDate(s.createdAt)}</p>
                        </div>
                        <SubscriptionStatusBadge status={s.status} />
                      </Card>
                    </li>
                  ))}
                </ul>
              </Section>
            </>
          )}
        </>
      )}
    </>
  );
}
