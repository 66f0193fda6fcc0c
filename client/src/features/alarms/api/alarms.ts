import type { AlarmList, AlarmListQuery } from '@common/schemas/alarms';
import { useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';
import { ALARM_REFRESH_MS } from '../freshness';

export type AlarmView = AlarmListQuery['view'];

/**
 * The list's address, written out whole: the generic query key leaves a filter set to 'all' out of the request
 * (spec §5), and here "all" is a view the server must be told. The key is still the URL it reads.
 */
export function alarmListPath({ view, plant }: { view: AlarmView; plant?: string }): string {
  const search = new URLSearchParams({ view });
  if (plant) search.set('plant', plant);
  return `/api/alarms?${search}`;
}

/** The control room's list, in the server's order (unacknowledged first, by priority, then time), kept fresh. */
export const useAlarms = (query: { view: AlarmView; plant?: string }) =>
  useQuery({
    queryKey: [alarmListPath(query)],
    queryFn: readQueryKey<AlarmList>,
    refetchInterval: ALARM_REFRESH_MS,
    // Back on a tab that was hidden (when no round runs), the list loads at once rather than at the next round.
    refetchOnWindowFocus: 'always',
  });
