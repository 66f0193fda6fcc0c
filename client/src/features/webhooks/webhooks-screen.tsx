import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeletons } from '@/components/ui/skeleton';
import { useCan } from '@/lib/session/use-can';
import { useWebhooks } from './api/get-webhooks';
import { CreateWebhookDialog } from './components/create-webhook-dialog';
import { WebhookCard } from './components/webhook-card';
import { WEBHOOK_TEXTS as T } from './texts';

function Refused() {
  return (
    <div className="mx-auto max-w-lg py-10 text-center">
      <ShieldAlert className="mx-auto size-12 text-slate-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{T.refused}</h1>
      <Link to="/app" className={buttonClasses('outline', 'md', 'mt-6')}>
        Back to the dashboard
      </Link>
    </div>
  );
}

/** /admin/webhooks (issue 32): the organization's webhooks, their deliveries, and how a receiver checks them. */
export function WebhooksScreen() {
  const canManage = useCan('webhooks:manage');
  const webhooks = useWebhooks({ enabled: canManage });
  return (
    <>
      <title>{`${T.title} · ValveOps`}</title>
      {!canManage ? (
        <Refused />
      ) : (
        <>
          <PageHeader title={T.title} action={<CreateWebhookDialog />} />
          <p className="-mt-2 mb-4 text-base text-slate-700">{T.intro}</p>
          {webhooks.isPending ? (
            <Skeletons count={2} label={T.loading} itemClassName="h-32" />
          ) : webhooks.isError ? (
            <LoadError error={webhooks.error} onRetry={() => webhooks.refetch()} />
          ) : webhooks.data.length === 0 ? (
            <EmptyState>{T.empty}</EmptyState>
          ) : (
            <ul aria-label={T.title} className="grid gap-2">
              {webhooks.data.map((webhook) => (
                <li key={webhook.id}>
                  <WebhookCard webhook={webhook} />
                </li>
              ))}
            </ul>
          )}
          <Card className="mt-4 p-4">
            <h2 className="text-lg font-bold text-slate-900">{T.verifyTitle}</h2>
            <p className="mt-1 text-sm text-slate-700">{T.verifyIntro}</p>
            <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm text-slate-100">
              <code>{T.verifySnippet}</code>
            </pre>
          </Card>
        </>
      )}
    </>
  );
}
