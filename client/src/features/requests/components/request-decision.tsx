import type { WorkRequest } from '@common/schemas/requests';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { statusWords } from '../status-words';
import { REQUEST_TEXTS } from '../texts';

const T = REQUEST_TEXTS.triage;

/** A decided request: the decision in the sender's words, who took it and when, and its work order as a link. */
export function RequestDecision({ request }: { request: WorkRequest }) {
  const words = statusWords({
    status: request.status,
    reason: request.reason,
    workOrderNumber: request.workOrder?.workOrderId ?? null,
  });
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-base text-slate-900">
      {request.workOrder ? (
        <Link
          to={`/work-orders/${request.workOrder.id}`}
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2"
        >
          {words}
        </Link>
      ) : (
        <p className="font-semibold break-words">{words}</p>
      )}
      {request.decidedBy && request.decidedAt ? (
        <p className="text-sm text-slate-600">
          {T.decidedBy(request.decidedBy.name, formatDateTime(request.decidedAt))}
        </p>
      ) : null}
    </div>
  );
}
