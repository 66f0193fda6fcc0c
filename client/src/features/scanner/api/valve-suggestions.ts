import type { ValvePage } from '@common/schemas/valves';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** Few enough to tap without scrolling inside the scanner dialog on a phone. */
export const SUGGESTION_LIMIT = 5;

/**
 * Valves matching what is typed in the ID entry (the server's valve search, decision 090). The read goes through
 * the offline store: with no signal the kept valve list answers it (lib/offline/kept-lists.ts).
 */
export const useValveSuggestions = (q: string) =>
  useQuery({
    queryKey: ['/api/valves', { q, limit: SUGGESTION_LIMIT }],
    queryFn: readQueryKey<ValvePage>,
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });
