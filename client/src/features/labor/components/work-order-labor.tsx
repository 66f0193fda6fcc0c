import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Skeletons } from '@/components/ui/skeleton';
import { formatDate, formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session/session-query';
import { useCan } from '@/lib/session/use-can';
import { useWorkOrderLabor } from '../api/labor';
import { LABOR_TEXTS as T } from '../texts';
import { LaborTimer } from './labor-timer';
import { LogHoursDialog } from './log-hours-dialog';
import { PendingHours } from './pending-hours';

/**
 * A work order's hours: the user's timer and Log hours (for whoever works it while it is open), then everyone's
 * entries with their cost, and the total.
 */
export function WorkOrderLabor({ workOrderId, open }: { workOrderId: number; open: boolean }) {
  const labor = useWorkOrderLabor(workOrderId);
  const me = useSession().data;
  const canWork = useCan('work-orders:work');
  if (labor.isPending) return <Skeletons count={2} label={T.loading} itemClassName="h-16" />;
  if (labor.isError) return <LoadError error={labor.error} onRetry={() => labor.refetch()} />;
  const entries = labor.data;
  const mine = entries.find((entry) => entry.running && entry.userId === me?.id);
  const minutes = entries.reduce((sum, entry) => sum + entry.minutes, 0);
  const cost = entries.reduce((sum, entry) => sum + entry.cost, 0);
  const currency = entries[0]?.currency ?? 'USD';
  return (
    <div className="grid gap-3">
      {canWork && (open || mine) ? (
        <div className="grid gap-2 sm:flex sm:items-start">
          <div className="sm:w-72">
            <LaborTimer workOrderId={workOrderId} running={mine} />
          </div>
          {open ? <LogHoursDialog workOrderId={workOrderId} /> : null}
        </div>
      ) : null}
      <PendingHours workOrderId={workOrderId} />
      {entries.length === 0 ? (
        <EmptyState>{T.none}</EmptyState>
      ) : (
        <>
          <ul aria-label={T.title} className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {entries.map((entry) => (
              <li key={entry.id} className="grid gap-0.5 p-3">
                <span className="flex flex-wrap justify-between gap-2">
                  <span className="font-semibold text-slate-900">
                    {entry.user} · {entry.running ? T.runningOf(entry.user) : T.duration(entry.minutes)}
                  </span>
                  <span className="text-slate-800">{formatMoney(entry.cost, entry.currency)}</span>
                </span>
                <span className="text-sm text-slate-600">{formatDate(entry.workedOn)}</span>
                {entry.note ? <span className="text-sm text-slate-700">{entry.note}</span> : null}
              </li>
            ))}
          </ul>
          <p className="text-base font-semibold text-slate-900">
            {T.total(T.duration(minutes), formatMoney(cost, currency))}
          </p>
        </>
      )}
    </div>
  );
}
