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

/** A work order's own lists (procedures, parts, hours, cost) and the parts' stock, read by their paths. */
const WORK_DATA_UNDER = ['/api/work-orders/', '/api/parts'];

export function refreshWorkData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = String(query.queryKey[0]);
      return WORK_DATA.has(key) || WORK_DATA_UNDER.some((path) => key.startsWith(path));
    },
  });
}
