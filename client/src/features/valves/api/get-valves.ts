import { VALVE_PAGE } from '@common/constants';
import type { ValvePage } from '@common/schemas/valves';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { readPath, readQueryKey } from '@/lib/query-client';
import { queryKeyToPath } from '@/lib/query-key';

/**
 * The list filters as the URL holds them; 'all' and '' mean "not filtered" and are left out of the request. Area
 * and system (issue 30) come from the plant tree's links and are matched by the server in any case.
 */
export type ValveFilters = { plant: string; area?: string; system?: string; type: string; status: string; q: string };

/** The first `limit` valves, as one page: the dashboard's preview. */
export const valvePreviewQuery = (limit: number) =>
  queryOptions({ queryKey: ['/api/valves', { limit }], queryFn: readQueryKey<ValvePage> });

export const useValvePreview = (limit: number) => useQuery(valvePreviewQuery(limit));

/** The filtered list, a page at a time (keyset cursor), so 10,000 valves never arrive in one response. */
export const valveListQuery = (filters: ValveFilters) =>
  infiniteQueryOptions({
    queryKey: ['/api/valves', { limit: VALVE_PAGE.defaultLimit, ...filters }] as const,
    queryFn: ({ queryKey: [path, params], pageParam, signal }) =>
      readPath<ValvePage>(queryKeyToPath([path, { ...params, cursor: pageParam }]), signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export const useValveList = (filters: ValveFilters) => useInfiniteQuery(valveListQuery(filters));

/** Valves whose ID, model or system contains the text: the search-as-you-type of pickers and the dashboard. */
export const valveSearchQuery = (q: string, limit: number) =>
  queryOptions({
    queryKey: ['/api/valves', { q, limit }],
    queryFn: readQueryKey<ValvePage>,
    // Keep showing the last results while the next ones load, so the list does not flash empty per keystroke.
    placeholderData: keepPreviousData,
  });

export const useValveSearch = (q: string, limit: number, enabled = true) =>
  useQuery({ ...valveSearchQuery(q, limit), enabled });
