import type { HistoryEntry } from '@common/schemas/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

export type HistoryEntity = 'valves' | 'work-orders' | 'procedures';

export const historyQuery = (entity: HistoryEntity, id: number) =>
  queryOptions({ queryKey: ['/api/history', entity, id], queryFn: readQueryKey<HistoryEntry[]> });

export const useHistory = (entity: HistoryEntity, id: number) => useQuery(historyQuery(entity, id));
