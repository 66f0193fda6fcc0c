import { TEXTS } from '@common/texts';
import { Gauge } from 'lucide-react';
import { PENDING_FRAME, PendingBadge } from '@/components/pending-badge';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { pendingWorkOrders } from '@/lib/offline/pending-changes';
import { usePendingQueue } from '@/lib/offline/use-pending-queue';
import { useValveTags } from '@/lib/offline/use-valve-tags';
import { PriorityBadge } from './work-order-badges';

/**
 * New work orders made on this device that the server has not received yet, at the top of the list. They have no
 * page of their own until then, so they are not links.
 */
export function PendingWorkOrders() {
  const { queue } = usePendingQueue();
  const pending = pendingWorkOrders(queue);
  const tags = useValveTags(pending.flatMap((w) => (w.valveId === null ? [] : [w.valveId])));
  if (pending.length === 0) return null;
  return (
    <section aria-labelledby="pending-work-orders" className="mb-4">
      <h2 id="pending-work-orders" className="sr-only">
        {TEXTS.offline.pending}
      </h2>
      <ul aria-label={TEXTS.offline.pending} className="grid gap-2 md:grid-cols-2">
        {pending.map((workOrder) => {
          const tag = workOrder.valveId === null ? undefined : tags.get(workOrder.valveId);
          return (
            <li key={workOrder.key} data-testid="pending-work-order" className={cn('rounded-xl p-4', PENDING_FRAME)}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm font-semibold tracking-wide text-slate-700">{TEXTS.offline.pendingWorkOrder}</p>
                <PendingBadge />
              </div>
              <p className="mt-0.5 text-lg leading-snug font-bold break-words text-slate-900">{workOrder.title}</p>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-base text-slate-700">
                <PriorityBadge priority={workOrder.priority} />
                {tag ? (
                  <span className="inline-flex items-center gap-1.5 font-semibold">
                    <Gauge className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
                    {tag}
                  </span>
                ) : null}
              </div>
              <p className="mt-2 text-sm text-slate-600">
                Made {formatDateTime(new Date(workOrder.timestamp).toISOString())}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
