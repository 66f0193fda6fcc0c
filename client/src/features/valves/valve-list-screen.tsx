import { DISPLAY_LIMITS } from '@common/constants';
import { TEXTS } from '@common/texts';
import { FileUp, Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ExportLinks } from '@/components/export-links';
import { LoadError } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { PageHeader } from '@/components/page-header';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeletons } from '@/components/ui/skeleton';
import { countOf } from '@/lib/format';
import { useCan } from '@/lib/session/use-can';
import { useValveList, type ValveFilters } from './api/get-valves';
import { ValveCard } from './components/valve-card';
import { ValveFilterBar } from './components/valve-filter-bar';
import { ValveFormDialog } from './components/valve-form-dialog';
import { ValvePlaceChips } from './components/valve-place-chips';
import { VALVE_WRITE_TEXTS } from './texts';
import { NO_FILTERS, nextValveFilters, readValveFilters, withoutPlace, writeValveFilters } from './valve-filters';

/** Spec §2.4. Filters live in the URL so a filtered list can be bookmarked, shared and returned to with Back. */
export function ValveListScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readValveFilters(searchParams);
  const list = useValveList(filters);
  const canEdit = useCan('valves:edit');
  const [adding, setAdding] = useState(false);
  const { fetchNextPage, isFetchingNextPage } = list;

  const setFilters = (next: ValveFilters) => setSearchParams(writeValveFilters(next), { replace: true });
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, isFetchingNextPage]);

  const valves = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <title>{`${TEXTS.valves.title} · ValveOps`}</title>
      <PageHeader
        title={TEXTS.valves.title}
        action={
          <div className="flex flex-wrap gap-2">
            {canEdit ? (
              <Link to="/valves/import" className={buttonClasses('outline')}>
                <FileUp className="size-5" aria-hidden="true" />
                {VALVE_WRITE_TEXTS.importRegister}
              </Link>
            ) : null}
            <Button
              onClick={() => setAdding(true)}
              disabled={!canEdit}
              aria-describedby={canEdit ? undefined : 'add-valve-why'}
            >
              <Plus className="size-5" aria-hidden="true" />
              {TEXTS.valves.add}
            </Button>
          </div>
        }
      />
      {canEdit ? null : (
        // Said on the screen: a phone has no hover to show a tooltip.
        <p id="add-valve-why" className="-mt-2 mb-3 text-sm text-slate-600">
          {TEXTS.valves.addNotAllowed}
        </p>
      )}
      <ValveFormDialog open={adding} onOpenChange={setAdding} />
      <ValveFilterBar
        filters={filters}
        onChange={(next) => setFilters(nextValveFilters(filters, next))}
        onClear={() => setFilters(NO_FILTERS)}
      />
      <ValvePlaceChips filters={filters} onRemove={(key) => setFilters(withoutPlace(filters, key))} />
      <div className="mt-3">
        <ExportLinks kind="valves" what="valves" filters={Object.fromEntries(writeValveFilters(filters))} />
      </div>

      <div className="mt-4">
        {list.isPending ? (
          <Skeletons
            count={DISPLAY_LIMITS.valveListPlaceholders}
            label="Loading valves"
            className="md:grid-cols-2"
            itemClassName="h-36"
          />
        ) : list.isError && valves.length === 0 ? (
          <LoadError error={list.error} onRetry={() => list.refetch()} />
        ) : valves.length === 0 ? (
          <EmptyState>{TEXTS.valves.empty}</EmptyState>
        ) : (
          <>
            <p className="mb-2 text-sm font-medium text-slate-600" aria-live="polite">
              {list.hasNextPage
                ? `Showing the first ${countOf(valves.length, 'valve')}`
                : countOf(valves.length, 'valve')}
            </p>
            <ul aria-label="Valves" className="grid gap-2 md:grid-cols-2">
              {valves.map((valve) => (
                // content-visibility lets the browser skip laying out cards far off screen: thousands stay smooth.
                <li key={valve.id} className="[contain-intrinsic-size:auto_9rem] [content-visibility:auto]">
                  <ValveCard valve={valve} className="h-full" />
                </li>
              ))}
            </ul>
            {list.isFetchNextPageError ? (
              <LoadError className="mt-4" error={list.error} onRetry={loadMore} />
            ) : list.hasNextPage ? (
              <LoadMore loading={isFetchingNextPage} onLoadMore={loadMore} />
            ) : null}
          </>
        )}
      </div>
    </>
  );
}
