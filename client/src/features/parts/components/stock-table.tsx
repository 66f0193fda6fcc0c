import type { Part } from '@common/schemas/parts';
import { EmptyState } from '@/components/empty-state';
import { Card } from '@/components/ui/card';
import { formatQuantity } from '@/lib/format';
import { PARTS_TEXTS as T } from '../texts';

/**
 * What each store holds of the part: a card per store, not a table, so a phone shows it without scrolling sideways.
 */
export function StockTable({ part }: { part: Part }) {
  if (part.stock.length === 0) return <EmptyState>{T.noStock}</EmptyState>;
  return (
    <ul aria-label={T.stores} className="grid gap-2 md:grid-cols-2">
      {part.stock.map((stock) => (
        <li key={stock.storeId}>
          <Card className="grid gap-1 p-4">
            <span className="text-base font-bold text-slate-900">{stock.store}</span>
            <span className="text-sm text-slate-600">
              {stock.plant} · {T.bin} {stock.bin ?? T.noBin}
            </span>
            <dl className="mt-1 grid grid-cols-3 gap-2 text-center">
              {(
                [
                  [T.availableLabel, stock.available],
                  [T.onHand, stock.onHand],
                  [T.reserved, stock.reserved],
                ] as const
              ).map(([label, quantity]) => (
                <div key={label} className="rounded-lg bg-slate-50 p-2">
                  <dt className="text-sm text-slate-600">{label}</dt>
                  <dd className="text-lg font-bold text-slate-900">{formatQuantity(quantity)}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}
