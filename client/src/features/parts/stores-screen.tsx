import { ChevronLeft } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Card } from '@/components/ui/card';
import { Skeletons } from '@/components/ui/skeleton';
import { useCan } from '@/lib/session/use-can';
import { useStores } from './api/parts';
import { CreateStoreDialog } from './components/create-store-dialog';
import { PARTS_TEXTS } from './texts';

const T = PARTS_TEXTS.storeScreen;

/** /parts/stores (issue 33): the storerooms, cribs and vans of the plants the user works at. */
export function StoresScreen() {
  const canEdit = useCan('parts:manage');
  const stores = useStores();
  return (
    <>
      <title>{`${T.title} · ValveOps`}</title>
      <p className="-mt-2 mb-1">
        <Link to="/parts" className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline">
          <ChevronLeft className="size-5 shrink-0" aria-hidden="true" />
          {PARTS_TEXTS.backToParts}
        </Link>
      </p>
      <PageHeader title={T.title} action={canEdit ? <CreateStoreDialog /> : null} />
      <p className="-mt-2 mb-4 text-base text-slate-700">{T.intro}</p>
      {stores.isPending ? (
        <Skeletons count={3} label={T.title} className="gap-2 md:grid-cols-2" itemClassName="h-20" />
      ) : stores.isError ? (
        <LoadError error={stores.error} onRetry={() => stores.refetch()} />
      ) : stores.data.length === 0 ? (
        <EmptyState>{T.empty}</EmptyState>
      ) : (
        <ul aria-label={T.title} className="grid gap-2 md:grid-cols-2">
          {stores.data.map((store) => (
            <li key={store.id}>
              <Card className="grid gap-1 p-4">
                <span className="text-lg font-bold text-slate-900">{store.name}</span>
                <span className="text-sm text-slate-600">
                  {store.plant} · {T.parts(store.parts)}
                </span>
                <Link
                  to={`/parts?storeId=${store.id}`}
                  className="min-h-11 content-center font-semibold text-brand-700 underline"
                >
                  {PARTS_TEXTS.title}
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
