import type { DowntimePeriod } from '@common/schemas/reliability';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { EmptyState } from '@/components/empty-state';
import { FormAlert } from '@/components/form-parts';
import { LoadError } from '@/components/load-error';
import { PENDING_FRAME, PendingBadge } from '@/components/pending-badge';
import { Button } from '@/components/ui/button';
import { Skeletons } from '@/components/ui/skeleton';
import { readApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { type PendingDowntime, pendingDowntime } from '@/lib/offline/pending-downtime';
import { usePendingQueue } from '@/lib/offline/use-pending-queue';
import { useOnlineStatus } from '@/lib/online-status';
import { toast } from '@/lib/toast';
import { useDowntime, useRemoveDowntime } from '../api/downtime';
import { RELIABILITY_TEXTS } from '../texts';
import { AddDowntimeDialog } from './add-downtime-dialog';

const T = RELIABILITY_TEXTS.workOrder;

/**
 * A work order's downtime periods (from, to, hours, why, who) and their total; while the order may still change
 * (`writable`: not closed or cancelled, and the user works orders) Add period and Remove. Periods added with no
 * signal follow the server's, marked as waiting, and count in the total once sent. When the device never kept the
 * server's list, the waiting ones and Add period still show: a period is recorded at the valve, signal or not.
 */
export function WorkOrderDowntime({ workOrderId, writable }: { workOrderId: number; writable: boolean }) {
  const downtime = useDowntime(workOrderId);
  const remove = useRemoveDowntime(workOrderId);
  const waiting = pendingDowntime(usePendingQueue().queue, workOrderId);
  const { online } = useOnlineStatus();
  const needsSignalId = useId();
  if (downtime.isPending) return <Skeletons count={2} label={T.downtimeTitle} itemClassName="h-16" />;
  const periods = downtime.data ?? [];
  const hours = periods.reduce((sum, period) => sum + period.hours, 0);
  const removeFailure = remove.error ? readApiError(remove.error).message : null;
  // Removing is online only: with no signal the button says why it waits rather than fail when pressed.
  const removeWaits = writable && !online && periods.length > 0;
  return (
    <div className="grid gap-3">
      {removeFailure ? <FormAlert title={T.removeFailed}>{removeFailure}</FormAlert> : null}
      {downtime.isError ? <LoadError error={downtime.error} onRetry={() => downtime.refetch()} /> : null}
      {periods.length === 0 && waiting.length === 0 && !downtime.isError ? (
        <EmptyState>{T.noDowntime}</EmptyState>
      ) : null}
      {periods.length > 0 || waiting.length > 0 ? (
        <ul
          aria-label={T.downtimeTitle}
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
        >
          {periods.map((period) => (
            <li key={period.id} className="flex items-start justify-between gap-2 p-3">
              <PeriodLines period={period} />
              {writable ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={T.removeLabel(formatDateTime(period.startedAt))}
                  aria-describedby={removeWaits ? needsSignalId : undefined}
                  disabled={remove.isPending || !online}
                  onClick={() => remove.mutate(period.id, { onSuccess: () => toast({ title: T.removed }) })}
                >
                  <Trash2 className="size-5" aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
          {waiting.map((period) => (
            <WaitingPeriod key={`waiting-${period.key}`} period={period} />
          ))}
        </ul>
      ) : null}
      {periods.length > 0 ? <p className="text-base font-semibold text-slate-900">{T.total(hours)}</p> : null}
      {removeWaits ? (
        <p id={needsSignalId} className="text-sm text-slate-700">
          {T.removeNeedsSignal}
        </p>
      ) : null}
      {writable ? <AddDowntimeDialog workOrderId={workOrderId} /> : null}
    </div>
  );
}

function PeriodLines({ period }: { period: DowntimePeriod }) {
  return (
    <span className="grid min-w-0 gap-0.5">
      <span className="font-semibold text-slate-900">
        {formatDateTime(period.startedAt)} – {formatDateTime(period.endedAt)}
      </span>
      <span className="text-sm text-slate-700">
        {T.hours(period.hours)}
        {period.recordedBy ? ` · ${T.by(period.recordedBy.name)}` : ''}
      </span>
      <span className="text-base break-words text-slate-800">{period.reason}</span>
    </span>
  );
}

/** A period kept on the device until it is sent: its times, hours and reason as they were entered. */
function WaitingPeriod({ period }: { period: PendingDowntime }) {
  const from = formatDateTime(period.startedAt, T.unreadableTime);
  return (
    <li
      data-testid="pending-downtime"
      className={cn('m-2 flex flex-wrap items-start justify-between gap-2 rounded-lg p-3', PENDING_FRAME)}
    >
      <span className="grid min-w-0 gap-0.5">
        <span className="font-semibold text-slate-900">
          {from} – {formatDateTime(period.endedAt, T.unreadableTime)}
        </span>
        {period.hours === null ? null : <span className="text-sm text-slate-700">{T.hours(period.hours)}</span>}
        <span className="text-base break-words text-slate-800">{period.reason}</span>
      </span>
      <PendingBadge />
    </li>
  );
}
