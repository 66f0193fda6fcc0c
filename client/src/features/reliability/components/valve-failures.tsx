import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Skeletons } from '@/components/ui/skeleton';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useValveFailures } from '../api/reliability';
import { RELIABILITY_TEXTS } from '../texts';

const T = RELIABILITY_TEXTS.valve;

/** A valve's failures, newest first: the work order, when, what mode, how long to repair, the downtime and cost. */
export function ValveFailures({ valveId, currency }: { valveId: number; currency: string }) {
  const failures = useValveFailures(valveId);
  if (failures.isPending) return <Skeletons count={2} label={T.loading} itemClassName="h-20" />;
  if (failures.isError) return <LoadError error={failures.error} onRetry={() => failures.refetch()} />;
  if (failures.data.length === 0) return <EmptyState>{T.none}</EmptyState>;
  return (
    <ul aria-label={T.title} className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {failures.data.map((failure) => (
        <li key={failure.workOrderId} className="grid gap-0.5 p-3">
          <span className="flex flex-wrap items-baseline justify-between gap-x-2">
            <Link to={`/work-orders/${failure.workOrder.id}`} className="font-semibold text-brand-700 underline">
              {failure.workOrder.workOrderId}
            </Link>
            <span className="text-sm text-slate-700">{T.failedAt(formatDateTime(failure.failedAt))}</span>
          </span>
          <span className="text-base font-semibold break-words text-slate-900">
            {RELIABILITY_TEXTS.codeLabel(failure.mode, failure.labels.mode)}
          </span>
          <span className="text-sm break-words text-slate-600">{failure.workOrder.title}</span>
          <span className="text-sm text-slate-700">
            {T.repair(failure.repairHours)} · {T.downtime(failure.downtimeHours)} ·{' '}
            {formatMoney(failure.cost, currency)}
          </span>
        </li>
      ))}
    </ul>
  );
}
