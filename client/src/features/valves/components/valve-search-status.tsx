import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { useValveSearch } from '../api/get-valves';

/**
 * What a valve search is doing, for the line above its results: failed, searching, or nothing found.
 * With matches it shows `found` (the dashboard counts them; the picker shows nothing).
 */
export function ValveSearchStatus({ search, found }: { search: ReturnType<typeof useValveSearch>; found?: ReactNode }) {
  if (search.isError) return <span className="text-red-700">Could not search valves. Check the connection.</span>;
  if (search.isPending || (search.isFetching && search.isPlaceholderData)) {
    return (
      <span className="inline-flex items-center gap-1.5">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Searching…
      </span>
    );
  }
  if ((search.data?.items.length ?? 0) === 0) return <>No valves match.</>;
  return <>{found}</>;
}
