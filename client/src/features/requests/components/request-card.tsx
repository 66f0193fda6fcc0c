import type { WorkRequest } from '@common/schemas/requests';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { REQUEST_TEXTS } from '../texts';
import { RequestDecision } from './request-decision';
import { TriageButtons } from './triage-buttons';

const T = REQUEST_TEXTS.triage;

const TONES = { open: 'warning', approved: 'success', merged: 'success', rejected: 'neutral' } as const;

/** One request as the supervisor triages it: where, what, the photo, who to ask, when, and the decision. */
export function RequestCard({ request, canTriage }: { request: WorkRequest; canTriage: boolean }) {
  const who = request.requestedBy?.name ?? request.name ?? T.anonymous;
  return (
    <Card className="grid h-full content-start gap-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to={`/valves/${request.valve.id}`}
          className="inline-flex min-h-11 items-center text-lg font-bold text-brand-700 underline-offset-2 hover:underline"
        >
          {request.valve.valveId}
        </Link>
        <Badge tone={TONES[request.status]}>{T.statuses[request.status]}</Badge>
      </div>
      <div className="flex items-start gap-3">
        {request.photoUrl ? (
          <a href={request.photoUrl} target="_blank" rel="noreferrer" className="shrink-0">
            <img
              src={request.thumbnailUrl ?? request.photoUrl}
              alt={T.photo(request.valve.valveId)}
              loading="lazy"
              className="size-20 rounded-lg border border-slate-200 object-cover"
            />
          </a>
        ) : null}
        <p className="min-w-0 flex-1 text-base break-words whitespace-pre-line text-slate-900">{request.description}</p>
      </div>
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{who}</span>
        {request.contact ? <span className="break-all"> · {request.contact}</span> : null}
        <br />
        {formatDateTime(request.createdAt)} · {request.source === 'label' ? T.fromLabel : T.fromApp} ·{' '}
        {request.valve.plant}
      </p>
      {request.status === 'open' ? (
        canTriage ? (
          <TriageButtons request={request} />
        ) : null
      ) : (
        <RequestDecision request={request} />
      )}
    </Card>
  );
}
