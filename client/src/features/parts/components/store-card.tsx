import type { Store } from '@common/schemas/parts';
import { Pencil, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PARTS_TEXTS } from '../texts';
import { EditStoreDialog } from './edit-store-dialog';

const T = PARTS_TEXTS.storeScreen;

/** A store on the Stores screen: where it is, what it holds, who orders for it; Edit for who may manage parts. */
export function StoreCard({ store, canEdit }: { store: Store; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card className="grid gap-1 p-4">
      <span className="text-lg font-bold break-words text-slate-900">{store.name}</span>
      <span className="text-sm text-slate-600">
        {store.plant} · {T.parts(store.parts)}
      </span>
      <span className="flex items-start gap-1.5 text-sm text-slate-700">
        <ShoppingCart className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">{T.orders(store.reorderContact?.name ?? null)}</span>
      </span>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to={`/parts?storeId=${store.id}`}
          className="min-h-11 content-center font-semibold text-brand-700 underline"
        >
          {PARTS_TEXTS.title}
        </Link>
        {canEdit ? (
          <>
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil className="size-5" aria-hidden="true" />
              <span>
                {T.edit}
                <span className="sr-only"> {store.name}</span>
              </span>
            </Button>
            <EditStoreDialog store={store} open={editing} onOpenChange={setEditing} />
          </>
        ) : null}
      </div>
    </Card>
  );
}
