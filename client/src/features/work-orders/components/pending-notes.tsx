import { TEXTS } from '@common/texts';
import { PENDING_FRAME, PendingBadge } from '@/components/pending-badge';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { pendingNotes } from '@/lib/offline/pending-changes';
import { usePendingQueue } from '@/lib/offline/use-pending-queue';

/** Notes on this work order kept on the device until they are sent: shown above its records at once. */
export function PendingNotes({ workOrderId }: { workOrderId: number }) {
  const { queue } = usePendingQueue();
  const notes = pendingNotes(queue, workOrderId);
  if (notes.length === 0) return null;
  return (
    <ul aria-label={`${TEXTS.offline.pending}: notes`} className="mb-2 grid gap-2">
      {notes.map((note) => (
        <li key={note.key} data-testid="pending-note" className={cn('rounded-xl p-4', PENDING_FRAME)}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-semibold text-slate-700">
              Note · {formatDateTime(new Date(note.timestamp).toISOString())}
            </p>
            <PendingBadge />
          </div>
          <p className="mt-1 text-base break-words whitespace-pre-wrap text-slate-900">{note.text}</p>
        </li>
      ))}
    </ul>
  );
}
