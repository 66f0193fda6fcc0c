import { PENDING_FRAME, PendingBadge } from '@/components/pending-badge';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { type PendingHours as PendingHoursEntry, pendingHours } from '@/lib/offline/pending-ledger';
import { usePendingQueue } from '@/lib/offline/use-pending-queue';
import { LABOR_TEXTS as T } from '../texts';

/** Minutes logged, a span's length, or (a timer's stop, whose start the server holds) when it was stopped. */
function described(entry: PendingHoursEntry): string {
  if (entry.minutes !== null) return T.duration(entry.minutes);
  if (entry.startedAt && entry.endedAt) {
    return T.duration(Math.max(1, Math.round((Date.parse(entry.endedAt) - Date.parse(entry.startedAt)) / 60_000)));
  }
  return T.stoppedAt(formatDateTime(entry.endedAt ?? new Date(entry.timestamp).toISOString()));
}

/** Hours logged and timers stopped on this work order with no signal, kept on the device until they are sent. */
export function PendingHours({ workOrderId }: { workOrderId: number }) {
  const hours = pendingHours(usePendingQueue().queue, workOrderId);
  if (hours.length === 0) return null;
  return (
    <ul aria-label={T.pendingTitle} className="grid gap-2">
      {hours.map((entry) => (
        <li
          key={entry.key}
          data-testid="pending-hours"
          className={cn('flex flex-wrap items-center justify-between gap-2 rounded-xl p-3', PENDING_FRAME)}
        >
          <span className="font-semibold text-slate-900">
            {described(entry)}
            {entry.note ? <span className="block text-sm font-normal text-slate-700">{entry.note}</span> : null}
          </span>
          <PendingBadge />
        </li>
      ))}
    </ul>
  );
}
