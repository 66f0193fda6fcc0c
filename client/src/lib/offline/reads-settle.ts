import type { QueryClient } from '@tanstack/react-query';

/**
 * Calls `then` once the page has loaded and no read is in flight, at a moment the main thread is idle (a screen
 * behind the session check starts its reads a moment after the check's own read ends). Returns stop.
 */
export function whenReadsSettle(queryClient: QueryClient, then: () => void): () => void {
  let stopped = false;
  let unsubscribe = () => {};
  const idle = (run: () => void) =>
    'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 1000 }) : setTimeout(run, 50);
  const check = () => {
    if (stopped || queryClient.isFetching() > 0) return;
    idle(() => {
      if (stopped || queryClient.isFetching() > 0) return;
      stopped = true;
      unsubscribe();
      then();
    });
  };
  const start = () => {
    if (stopped) return;
    unsubscribe = queryClient.getQueryCache().subscribe(check);
    check();
  };
  // The landing page starts the app after it has painted, which can be after the load event.
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    stopped = true;
    unsubscribe();
    window.removeEventListener('load', start);
  };
}
