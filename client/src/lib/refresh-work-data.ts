import type { QueryClient } from '@tanstack/react-query';

/**
 * The reads a write can change: valves (list, preview, detail), work orders, the dashboard's figures and feed,
 * maintenance history and photos. After any write they are marked stale; those on screen load again at once.
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

export function refreshWorkData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => WORK_DATA.has(String(query.queryKey[0])) });
}
