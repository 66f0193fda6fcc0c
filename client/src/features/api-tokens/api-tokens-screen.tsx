import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { buttonClasses } from '@/components/ui/button';
import { Skeletons } from '@/components/ui/skeleton';
import { useCan } from '@/lib/session/use-can';
import { useApiTokens } from './api/get-api-tokens';
import { CreateTokenDialog } from './components/create-token-dialog';
import { TokenCard } from './components/token-card';
import { API_TOKEN_TEXTS as T } from './texts';

/** Anyone but an admin who opens /admin/api-tokens: a plain answer, not an error page. */
function Refused() {
  return (
    <div className="mx-auto max-w-lg py-10 text-center">
      <ShieldAlert className="mx-auto size-12 text-slate-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{T.refused}</h1>
      <p className="mt-2 text-base text-slate-600">{T.refusedHint}</p>
      <Link to="/app" className={buttonClasses('outline', 'md', 'mt-6')}>
        Back to the dashboard
      </Link>
    </div>
  );
}

/** /admin/api-tokens (issue 32): the organization's API tokens; make one (its secret shown once), revoke one. */
export function ApiTokensScreen() {
  const canManage = useCan('api-tokens:manage');
  const tokens = useApiTokens({ enabled: canManage });

  return (
    <>
      <title>{`${T.title} · ValveOps`}</title>
      {!canManage ? (
        <Refused />
      ) : (
        <>
          <PageHeader title={T.title} action={<CreateTokenDialog />} />
          <p className="-mt-2 mb-1 text-base text-slate-700">{T.intro}</p>
          <p className="mb-4 text-sm text-slate-600">
            {T.usage} <code className="font-mono break-words text-slate-800">{T.usageHeader}</code>
          </p>
          {tokens.isPending ? (
            <Skeletons count={2} label={T.loading} className="md:grid-cols-2" itemClassName="h-40" />
          ) : tokens.isError ? (
            <LoadError error={tokens.error} onRetry={() => tokens.refetch()} />
          ) : tokens.data.length === 0 ? (
            <EmptyState>{T.empty}</EmptyState>
          ) : (
            <ul aria-label={T.title} className="grid gap-2 md:grid-cols-2">
              {tokens.data.map((token) => (
                <li key={token.id}>
                  <TokenCard token={token} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}
