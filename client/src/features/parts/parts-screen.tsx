import { Plus, Warehouse } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ExportLinks } from '@/components/export-links';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { SearchBox } from '@/components/search-box';
import { buttonClasses } from '@/components/ui/button';
import { Skeletons } from '@/components/ui/skeleton';
import { useCan } from '@/lib/session/use-can';
import { useParts } from './api/parts';
import { CreatePartDialog } from './components/create-part-dialog';
import { PartCard } from './components/part-card';
import { PARTS_TEXTS as T } from './texts';

/**
 * /parts (issue 33): the organization's spare parts with what each store holds. The search and the "under minimum"
 * filter live in the address, so the reorder list is a link a supervisor can send.
 */
export function PartsScreen() {
  const canEdit = useCan('parts:manage');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const underMinimum = params.get('belowMinimum') === 'true';
  // From a store's card: that store's parts.
  const storeId = params.get('storeId') ?? undefined;
  const [text, setText] = useState(q);
  const parts = useParts({ q: q || undefined, storeId, belowMinimum: underMinimum ? 'true' : undefined });

  const setFilter = (next: { q?: string; belowMinimum?: boolean }) => {
    const search = new URLSearchParams(params);
    if (next.q !== undefined) next.q ? search.set('q', next.q) : search.delete('q');
    if (next.belowMinimum !== undefined) {
      if (next.belowMinimum) search.set('belowMinimum', 'true');
      else search.delete('belowMinimum');
    }
    setParams(search, { replace: true });
  };

  return (
    <>
      <title>{`${T.title} · ValveOps`}</title>
      <PageHeader
        title={T.title}
        action={
          <div className="flex flex-wrap gap-2">
            <Link to="/parts/stores" className={buttonClasses('outline')}>
              <Warehouse className="size-5" aria-hidden="true" />
              {T.stores}
            </Link>
            {canEdit ? <CreatePartDialog trigger={<Plus className="size-5" aria-hidden="true" />} /> : null}
          </div>
        }
      />
      <p className="-mt-2 mb-3 text-base text-slate-700">{T.intro}</p>
      <div className="mb-4 grid gap-3">
        <SearchBox
          value={text}
          onChange={setText}
          onSearch={(value) => setFilter({ q: value })}
          label={T.search}
          placeholder={T.searchPlaceholder}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="flex min-h-11 items-center gap-3 text-base font-semibold text-slate-900">
            <input
              type="checkbox"
              className="size-6 accent-slate-900"
              checked={underMinimum}
              onChange={(event) => setFilter({ belowMinimum: event.target.checked })}
            />
            {T.underMinimum}
          </label>
          {underMinimum ? <ExportLinks kind="parts-reorder" what={T.reorderExport} /> : null}
        </div>
      </div>
      {parts.isPending ? (
        <Skeletons count={4} label={T.loading} className="gap-2 md:grid-cols-2" itemClassName="h-28" />
      ) : parts.isError ? (
        <LoadError error={parts.error} onRetry={() => parts.refetch()} />
      ) : parts.data.length === 0 ? (
        <EmptyState>{q || underMinimum || storeId ? T.noMatch : T.empty}</EmptyState>
      ) : (
        <ul aria-label={T.title} className="grid gap-2 md:grid-cols-2">
          {parts.data.map((part) => (
            <li key={part.id}>
              <PartCard part={part} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
