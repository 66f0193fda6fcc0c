import { registerSW } from 'virtual:pwa-register';

/**
 * Registers /sw.js once the page has loaded (spec §7). A new version is only logged: it takes over on the next
 * visit, never in the middle of someone's work. A failure is logged and the app runs without offline start.
 */
export function registerServiceWorker(): void {
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
  // The landing page starts the app after it has painted, which can be after the load event.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
