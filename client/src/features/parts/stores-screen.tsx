import { ChevronLeft } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Skeletons } from '@/components/ui/skeleton';
import { useCan } from '@/lib/session/use-can';
import { useStores } from './api/parts';
import { CreateStoreDialog } from './components/create-store-dialog';
import { StoreCard } from './components/store-card';
import { PARTS_TEXTS } from './texts';

const T = PARTS_TEXTS.storeScreen;

/** /parts/stores (issue 33): the storerooms, cribs and vans of the plants the user works at, and who orders for each. */
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
              <StoreCard store={store} canEdit={canEdit} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
