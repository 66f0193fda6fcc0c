import type { QueryClient } from '@tanstack/react-query';

/**
 * The reads a write can change: valves (list, preview, detail), work orders, the dashboard's figures and feed,
 * maintenance history and photos, a work order's lists and the parts' stock. After any write they are marked stale; those on screen load again at once.
 * Kept in lib because every feature that writes, and the sync after an offline spell, needs it.
 */
const WORK_DATA = new Set([
  '/api/valves',
  '/api/work-orders',
  '/api/dashboard/stats',
  '/api/dashboard/activities',
  '/api/maintenance-records',
  '/api/photos',
]);

/**
 * A work order's own lists (procedures, parts, hours, cost, failure, downtime), the parts' stock and the reliability
 * figures its failures and downtime feed, read by their paths.
 */
const WORK_DATA_UNDER = ['/api/work-orders/', '/api/parts', '/api/reliability'];
/** A valve's failure history (issue 34): a completion or a downtime period sent after an offline spell changes it. */
const VALVE_FAILURES = /^\/api\/valves\/\d+\/failures$/;

export function refreshWorkData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = String(query.queryKey[0]);
      return WORK_DATA.has(key) || WORK_DATA_UNDER.some((path) => key.startsWith(path)) || VALVE_FAILURES.test(key);
    },
  });
}
