import { registerSW } from 'virtual:pwa-register';

/**
 * Registers /sw.js once the page has loaded (spec §7). A new version is only logged: it takes over on the next
 * visit, never in the middle of someone's work. A failure is logged and the app runs without offline start.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
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
  });
}
