import type { WorkRequestStatus } from '@common/schemas/requests';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useParams } from 'react-router';
import { Skeletons } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useRequestStatus } from './api/public-requests';
import { PublicCard, PublicLayout } from './components/public-layout';
import { PublicProblem } from './components/public-problem';
import { statusWords } from './status-words';
import { REQUEST_TEXTS } from './texts';

const T = REQUEST_TEXTS.status;

const LOOKS: Record<WorkRequestStatus, { icon: typeof Clock; className: string }> = {
  open: { icon: Clock, className: 'border-amber-300 bg-amber-50 text-amber-950' },
  approved: { icon: CheckCircle2, className: 'border-green-300 bg-green-50 text-green-900' },
  merged: { icon: CheckCircle2, className: 'border-green-300 bg-green-50 text-green-900' },
  rejected: { icon: XCircle, className: 'border-slate-300 bg-slate-50 text-slate-900' },
};

/** /r/status/:token: the sender's view of their report, by the link they were given, with no account. */
export function RequestStatusScreen() {
  const token = useParams().token ?? '';
  const status = useRequestStatus(token);
  const view = status.data;

  return (
    <PublicLayout title={T.title}>
      <PublicCard>
        {status.isPending ? (
          <Skeletons count={3} label={T.loading} itemClassName="h-16" />
        ) : status.error || !view ? (
          <PublicProblem
            error={status.error}
            unknown={{ title: T.unknown, detail: T.unknownDetail }}
            onRetry={() => status.refetch()}
          />
        ) : (
          <>
            <div>
              <h1 className="text-2xl font-bold text-slate-900">{T.title}</h1>
              <p className="mt-1 text-base font-semibold break-words text-slate-700">{T.at(view.valveTag)}</p>
            </div>
            <StatusLine view={view} />
            <div className="grid gap-1">
              <h2 className="text-base font-semibold text-slate-900">{T.description}</h2>
              <p className="text-base break-words whitespace-pre-line text-slate-800">{view.description}</p>
              <p className="mt-1 text-sm text-slate-600">{T.sentAt(formatDateTime(view.createdAt))}</p>
            </div>
          </>
        )}
      </PublicCard>
    </PublicLayout>
  );
}

function StatusLine({ view }: { view: Parameters<typeof statusWords>[0] & { decidedAt: string | null } }) {
  const look = LOOKS[view.status];
  const Icon = look.icon;
  return (
    <div className={cn('flex items-start gap-3 rounded-lg border p-3', look.className)}>
      <Icon className="mt-0.5 size-6 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p className="text-lg font-bold break-words" data-testid="request-status">
          {statusWords(view)}
        </p>
        {view.decidedAt ? <p className="text-sm">{T.decidedAt(formatDateTime(view.decidedAt))}</p> : null}
      </div>
    </div>
  );
}
