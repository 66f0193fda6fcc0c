import type { ValvePage } from '@common/schemas/valves';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { offlineDb } from '@/lib/offline/offline-db';
import { isUnreachable } from '@/lib/offline/read-cache';
import { readPath } from '@/lib/query-client';
import { queryKeyToPath } from '@/lib/query-key';
import { valvesMatchingIn } from '../saved-valve';

/** Few enough to tap without scrolling inside the scanner dialog on a phone. */
export const SUGGESTION_LIMIT = 5;

/** With no signal: the valves this device holds, in memory or saved (any valve list, page or detail). */
async function savedSuggestions(q: string, queryClient: QueryClient): Promise<ValvePage> {
  const inMemory = queryClient
    .getQueryCache()
    .findAll({ queryKey: ['/api/valves'] })
    .map((query) => query.state.data);
  let saved: unknown[] = [];
  try {
    const rows = await (await offlineDb()).getAll('offlineData');
    saved = rows.filter((row) => row.key.startsWith('/api/valves')).map((row) => row.data);
  } catch (error) {
    console.warn('could not read saved valves', error);
  }
  return { items: valvesMatchingIn([...inMemory, ...saved], q, SUGGESTION_LIMIT), nextCursor: null };
}

/**
 * Valves matching what is typed in the ID entry: the server's valve search (decision 090), through the offline
 * store; with no signal, the valve lists this device keeps.
 */
export function useValveSuggestions(q: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['/api/valves', { q, limit: SUGGESTION_LIMIT }],
    queryFn: async ({ queryKey, signal }) => {
      try {
        return await readPath<ValvePage>(queryKeyToPath(queryKey), signal);
      } catch (error) {
        if (!isUnreachable(error)) throw error;
        return savedSuggestions(q, queryClient);
      }
    },
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });
}
