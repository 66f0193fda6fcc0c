import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PENDING_FRAME, PendingBadge } from '@/components/pending-badge';
import { Skeletons } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatMoney, formatQuantity } from '@/lib/format';
import { pendingStockMoves } from '@/lib/offline/pending-ledger';
import { usePendingQueue } from '@/lib/offline/use-pending-queue';
import { useCan } from '@/lib/session/use-can';
import { useWorkOrderParts } from '../api/parts';
import { PARTS_TEXTS } from '../texts';
import { PartLineDialog } from './part-line-dialog';
import { ReservePartDialog } from './reserve-part-dialog';

const T = PARTS_TEXTS.workOrder;

/**
 * A work order's parts: each line reserved in a store, issued as it is taken, returned if unused; the parts that fit
 * the valve are suggested when one is added. Open work only: a closed work order shows what it used.
 */
export function WorkOrderParts({
  workOrderId,
  model,
  open,
  currency,
}: {
  workOrderId: number;
  model: string;
  open: boolean;
  currency: string;
}) {
  const lines = useWorkOrderParts(workOrderId);
  const waiting = pendingStockMoves(usePendingQueue().queue, workOrderId);
  const canWork = useCan('work-orders:work') && open;
  if (lines.isPending) return <Skeletons count={2} label={T.loading} itemClassName="h-20" />;
  if (lines.isError) return <LoadError error={lines.error} onRetry={() => lines.refetch()} />;
  const cost = lines.data.reduce((sum, line) => sum + line.cost, 0);
  return (
    <div className="grid gap-3">
      {canWork ? <ReservePartDialog workOrderId={workOrderId} model={model} /> : null}
      {lines.data.length === 0 ? (
        <EmptyState>{T.none}</EmptyState>
      ) : (
        <>
          <ul aria-label={T.title} className="grid gap-2">
            {lines.data.map((line) => (
              <li key={line.id} className="grid gap-2 rounded-xl border border-slate-200 bg-white p-3">
                <span className="flex flex-wrap justify-between gap-2">
                  <span className="font-semibold text-slate-900">
                    <span className="font-mono">{line.partNumber}</span> {line.name}
                  </span>
                  <span className="text-slate-800">{formatMoney(line.cost, currency)}</span>
                </span>
                <span className="text-sm text-slate-600">
                  {line.store} ·{' '}
                  {T.line(formatQuantity(line.reserved, line.unit), formatQuantity(line.issued, line.unit))}
                </span>
                {waiting
                  .filter((move) => move.lineId === line.id)
                  .map((move) => (
                    <span
                      key={move.key}
                      data-testid="pending-stock-move"
                      className={cn(
                        'flex flex-wrap items-center justify-between gap-2 rounded-lg p-2 text-sm font-semibold text-slate-900',
                        PENDING_FRAME,
                      )}
                    >
                      {T.waiting(move.action, move.quantity === null ? '' : formatQuantity(move.quantity, line.unit))}
                      <PendingBadge />
                    </span>
                  ))}
                {canWork ? (
                  <span className="flex gap-2">
                    <PartLineDialog workOrderId={workOrderId} line={line} action="issue" />
                    {line.issued > 0 ? <PartLineDialog workOrderId={workOrderId} line={line} action="return" /> : null}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          <p className="text-base font-semibold text-slate-900">{T.total(formatMoney(cost, currency))}</p>
        </>
      )}
    </div>
  );
}
