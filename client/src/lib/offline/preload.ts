import { DISPLAY_LIMITS, TIMINGS } from '@common/constants';
import { readKeptPlants } from './kept-plants';
import { syncOfflineCopy } from './offline-copy';
import { storedRead } from './read-cache';
import type { OfflineSettings } from './settings';

/** Spec §7: the reads a technician needs at a site with no signal, most critical first. */
export const CRITICAL_READS = ['/api/valves', '/api/work-orders', '/api/dashboard/stats', '/api/analytics/dashboard'];
export const ANALYTICS_READS = [
  '/api/analytics/sensor-readings',
  '/api/analytics/predictive',
  '/api/analytics/performance-metrics',
];
export const MANUAL_READS = ['/api/manuals'];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Progressive preload: the critical reads now; after 2 s the first ten valves' details (spec §7's first slice) and
 * then the rest of what the user may see, through the change feed (`syncCopy`: everything the first time, only the
 * changes after that); analytics (and manuals) after 5 s. Each read stores itself. Failures are only logged (§8).
 * The first ten are of the plants kept on this device as chosen when they are read (`keptPlants`): a plant left out
 * meanwhile on /offline is not downloaded after all.
 */
export async function preload(
  read: (path: string) => Promise<unknown>,
  settings: OfflineSettings,
  pause: (ms: number) => Promise<unknown> = wait,
  syncCopy: () => Promise<unknown> = () => syncOfflineCopy(),
  keptPlants: () => string[] | null = () => readKeptPlants(),
): Promise<void> {
  const readAll = (paths: string[]) =>
    Promise.all(paths.map((path) => read(path).catch((error) => console.warn(`preload of ${path} failed`, error))));
  const started = Date.now();
  await readAll(CRITICAL_READS);
  await pause(Math.max(0, TIMINGS.preloadValveDetailsMs - (Date.now() - started)));
  const kept = keptPlants();
  const valves = ((await storedRead<{ id: number; plant: string }[]>('/api/valves'))?.data ?? []).filter(
    (v) => kept === null || kept.includes(v.plant),
  );
  await readAll(valves.slice(0, DISPLAY_LIMITS.preloadValveDetails).map((v) => `/api/valves/${v.id}`));
  await syncCopy().catch((error) => console.warn('offline sync failed', error));
  await pause(Math.max(0, TIMINGS.preloadAnalyticsMs - (Date.now() - started)));
  await readAll([
    ...(settings.preloadAnalytics ? ANALYTICS_READS : []),
    ...(settings.preloadManuals ? MANUAL_READS : []),
  ]);
}
