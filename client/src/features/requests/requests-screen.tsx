import { WORK_REQUEST_STATUSES, type WorkRequestStatus } from '@common/schemas/requests';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Skeletons } from '@/components/ui/skeleton';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCan } from '@/lib/session/use-can';
import { useWorkRequests } from './api/requests';
import { RequestCard } from './components/request-card';
import { REQUEST_TEXTS } from './texts';

const T = REQUEST_TEXTS.triage;

/** The status shown, from ?status= (open, the ones waiting, when the URL names none or one not known). */
function useStatusFilter(): [WorkRequestStatus, (next: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('status');
  const status = WORK_REQUEST_STATUSES.find((s) => s === asked) ?? 'open';
  const show = (next: string) =>
    setSearchParams(next === 'open' ? {} : { status: next }, { replace: true, preventScrollReset: true });
  return [status, show];
}

/**
 * /requests (issue 34): what people reported at valves. Every role may read it (the server lets any signed-in user
 * list the requests of their plants): a technician sees what is reported at the valves they keep before it
 * becomes work. Supervisors and admins (requests:triage) decide: approve, merge into an open order, or reject.
 */
export function RequestsScreen() {
  const [status, showStatus] = useStatusFilter();
  const requests = useWorkRequests(status);
  const canTriage = useCan('requests:triage');

  return (
    <>
      <title>{`${T.title} · ValveOps`}</title>
      <PageHeader title={T.title} />
      <p className="-mt-2 mb-4 text-base text-slate-700">{T.intro}</p>
      <Tabs value={status} onValueChange={showStatus}>
        <TabsList aria-label={T.filter} className="grid grid-cols-4">
          {WORK_REQUEST_STATUSES.map((s) => (
            <TabsTrigger key={s} value={s} className="px-1">
              {T.statuses[s]}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      <div className="mt-4">
        {requests.error ? (
          <LoadError error={requests.error} onRetry={() => requests.refetch()} />
        ) : requests.isPending ? (
          <Skeletons count={3} label={T.loading} className="gap-3" itemClassName="h-40" />
        ) : requests.data.length === 0 ? (
          <EmptyState>{T.empty(T.statuses[status])}</EmptyState>
        ) : (
          <ul aria-label={T.list} className="grid gap-3 lg:grid-cols-2">
            {requests.data.map((request) => (
              <li key={request.id}>
                <RequestCard request={request} canTriage={canTriage} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
