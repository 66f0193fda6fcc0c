import type { Part } from '@common/schemas/parts';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Skeletons } from '@/components/ui/skeleton';
import { formatDateTime, formatQuantity } from '@/lib/format';
import { useMovements } from '../api/parts';
import { PARTS_TEXTS as T } from '../texts';

/** The part's ledger, newest first: each receipt, count, reservation, issue and return, by whom and for which job. */
export function MovementList({ part }: { part: Part }) {
  const movements = useMovements(part.id);
  if (movements.isPending) return <Skeletons count={3} label={T.movements} itemClassName="h-14" />;
  if (movements.isError) return <LoadError error={movements.error} onRetry={() => movements.refetch()} />;
  if (movements.data.length === 0) return <EmptyState>{T.noMovements}</EmptyState>;
  return (
    <ol aria-label={T.movements} className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {movements.data.map((m) => (
        <li key={m.id} className="grid gap-0.5 p-3">
          <span className="flex flex-wrap justify-between gap-2">
            <span className="font-semibold text-slate-900">
              {T.movementKinds[m.kind]} {formatQuantity(Math.abs(m.quantity), part.unit)}
              {m.kind === 'adjustment' ? ` (${m.quantity > 0 ? '+' : '−'})` : ''}
            </span>
            <span className="text-sm text-slate-600">{formatDateTime(m.at)}</span>
          </span>
          <span className="text-sm text-slate-700">
            {m.store} · {m.by}
            {m.workOrder && m.workOrderId ? (
              <>
                {' · '}
                <Link to={`/work-orders/${m.workOrderId}`} className="font-semibold underline">
                  {m.workOrder}
                </Link>
              </>
            ) : null}
          </span>
          {m.reason ? <span className="text-sm text-slate-600">{m.reason}</span> : null}
        </li>
      ))}
    </ol>
  );
}
