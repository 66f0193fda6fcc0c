import { registerSW } from 'virtual:pwa-register';
import { TIMINGS } from '@common/constants';
import type { QueryClient } from '@tanstack/react-query';
import { whenReadsSettle } from './reads-settle';

/**
 * Registers /sw.js once the page has loaded (spec §7) and its first screen has its data: the worker's first job is
 * to download the whole app (about 1.5 MB) for offline start, and on a slow link that must not compete with the
 * reads the technician is waiting for, nor its registration with the first render. A new version is only logged:
 * it takes over on the next visit, never in the middle of someone's work. A failure is logged and the app runs
 * without offline start.
 */
export function registerServiceWorker(queryClient: QueryClient): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () =>
    registerSW({
      immediate: true,
      onNeedRefresh() {
        console.info('A new version of ValveOps is ready; it will be used on your next visit.');
      },
      onOfflineReady() {
        console.info('ValveOps is ready to start without a connection.');
      },
      onRegisterError(error: unknown) {
        console.error('Service worker registration failed; the app works online only.', error);
      },
    });
  const stopWaiting = whenReadsSettle(queryClient, () => {
    clearTimeout(atLatest);
    register();
  });
  const atLatest = setTimeout(() => {
    stopWaiting();
    register();
  }, TIMINGS.serviceWorkerAtLatestMs);
}
