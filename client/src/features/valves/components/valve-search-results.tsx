import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useDebouncedValue } from '@/components/use-debounced-value';
import { useValveSearch } from '../api/get-valves';
import { ValveSearchStatus } from './valve-search-status';
import { ValveStatusBadge } from './valve-status-badge';

/** How many matches show under the dashboard's search box; the rest are one tap away in the Valve Database. */
export const SEARCH_PREVIEW_LIMIT = 10;

/** Matching valves under the dashboard search box as the technician types; a tap opens the valve. */
export function ValveSearchResults({ text }: { text: string }) {
  const q = useDebouncedValue(text.trim());
  const search = useValveSearch(q, SEARCH_PREVIEW_LIMIT, q.length > 0);
  if (!text.trim()) return null;

  const items = search.data?.items ?? [];
  const seeAll = `/valves?${new URLSearchParams({ q: text.trim() })}`;
  return (
    <div className="mt-2 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <p aria-live="polite" className="px-4 pt-3 text-sm font-medium text-slate-600">
        <ValveSearchStatus
          search={search}
          found={`${items.length}${search.data?.nextCursor ? '+' : ''} matching ${items.length === 1 && !search.data?.nextCursor ? 'valve' : 'valves'}`}
        />
      </p>
      {items.length > 0 ? (
        <ul aria-label="Valve search results" className="mt-1 divide-y divide-slate-200">
          {items.map((valve) => (
            <li key={valve.id}>
              <Link
                to={`/valves/${valve.id}`}
                className="flex min-h-14 items-center gap-3 px-4 py-2 hover:bg-slate-50 active:bg-slate-100"
              >
                <span className="min-w-0 flex-1">
                  <span className="block text-base font-bold text-slate-900">{valve.valveId}</span>
                  <span className="block text-sm break-words text-slate-600">
                    {valve.type} · {valve.model} · {valve.system}
                  </span>
                </span>
                <ValveStatusBadge status={valve.status} />
                <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <Link
        to={seeAll}
        className="flex min-h-12 items-center justify-center border-t border-slate-200 px-4 text-base font-semibold text-brand-700 hover:bg-brand-50"
      >
        See all results in the Valve Database
      </Link>
    </div>
  );
}
