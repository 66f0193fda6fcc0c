import { HISTORY_PAGE_SIZE, type HistoryEntry } from '@common/schemas/audit';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { readPath } from '@/lib/query-client';
import { queryKeyToPath } from '@/lib/query-key';

export type HistoryEntity = 'valves' | 'work-orders' | 'procedures';

/** A record's history newest first, a page at a time, each page before the oldest entry shown so far. */
export const historyQuery = (entity: HistoryEntity, id: number) =>
  infiniteQueryOptions({
    queryKey: ['/api/history', entity, id, { order: 'newest', limit: HISTORY_PAGE_SIZE }] as const,
    queryFn: ({ queryKey: [path, kind, record, params], pageParam, signal }) =>
      readPath<HistoryEntry[]>(queryKeyToPath([path, kind, record, { ...params, before: pageParam }]), signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.length < HISTORY_PAGE_SIZE ? undefined : page[page.length - 1].id),
  });

export const useHistory = (entity: HistoryEntity, id: number) => useInfiniteQuery(historyQuery(entity, id));
