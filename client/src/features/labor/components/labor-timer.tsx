import type { LaborEntry } from '@common/schemas/labor';
import { Play, Square } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PendingBadge } from '@/components/pending-badge';
import { Button } from '@/components/ui/button';
import { newActionKey } from '@/lib/action-key';
import { readApiError } from '@/lib/api-error';
import { isQueued } from '@/lib/offline/offline-write';
import { pendingTimer } from '@/lib/offline/pending-ledger';
import { toastQueued } from '@/lib/offline/queued-toast';
import { usePendingQueue } from '@/lib/offline/use-pending-queue';
import { toast } from '@/lib/toast';
import { useStartTimer, useStopTimer } from '../api/labor';
import { LABOR_TEXTS as T } from '../texts';

/** hh:mm:ss since an instant, as a stopwatch shows it. */
function elapsedSince(startedAt: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(startedAt)) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/**
 * The person's timer on this work order: one big button, Start or Stop, and the time running. A glove can hit it;
 * the seconds tick so the technician sees it is running. Each press says when it was made, so a press with no signal
 * is queued and counts the time worked when it is sent; until then the queue's last press decides what shows.
 */
export function LaborTimer({ workOrderId, running }: { workOrderId: number; running: LaborEntry | undefined }) {
  const start = useStartTimer(workOrderId);
  const stop = useStopTimer(workOrderId);
  const queued = pendingTimer(usePendingQueue().queue, workOrderId);
  const startedAt = queued === 'stopped' ? null : (queued?.startedAt ?? running?.startedAt ?? null);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!startedAt) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [startedAt]);

  const refused = (title: string) => (error: unknown) =>
    toast({ tone: 'danger', title, description: readApiError(error).message });
  const press = () => ({ body: { at: new Date().toISOString() }, key: newActionKey() });

  if (startedAt) {
    return (
      <div className="grid gap-2 rounded-xl border-2 border-green-600 bg-green-50 p-3">
        <p className="text-lg font-bold text-green-900" role="timer" aria-live="off">
          {T.running(elapsedSince(startedAt, now))}
        </p>
        {queued ? <PendingBadge /> : null}
        <Button
          size="lg"
          variant="danger"
          disabled={stop.isPending}
          onClick={() =>
            stop.mutate(press(), {
              onError: refused(T.stopFailed),
              onSuccess: (entry) =>
                isQueued(entry) ? toastQueued(T.stopQueued) : toast({ title: T.stopped(T.duration(entry.minutes)) }),
            })
          }
        >
          <Square className="size-5" aria-hidden="true" />
          {stop.isPending ? T.stopping : T.stop}
        </Button>
      </div>
    );
  }
  return (
    <Button
      size="lg"
      disabled={start.isPending}
      onClick={() =>
        start.mutate(press(), {
          onError: refused(T.startFailed),
          onSuccess: (entry) => (isQueued(entry) ? toastQueued(T.startQueued) : undefined),
        })
      }
    >
      <Play className="size-5" aria-hidden="true" />
      {start.isPending ? T.starting : T.start}
    </Button>
  );
}
