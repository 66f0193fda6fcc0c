import type { QueryClient } from '@tanstack/react-query';
import { sessionQuery } from './session-query';

const isSessionKey = (queryKey: readonly unknown[]) => queryKey[0] === sessionQuery.queryKey[0];

/**
 * Runs `start` once the session read knows a user, and its stop when that user is gone (signed out, expired): work
 * in the background that asks the server for data (the offline preload, the queue's replay) would only be refused
 * without a session. It only watches: a page that never reads the session (a valve's public request page, the
 * landing page) starts nothing and asks the server for nothing. Returns stop.
 */
export function whileSignedIn(queryClient: QueryClient, start: () => () => void): () => void {
  let stopRunning: (() => void) | null = null;
  const follow = () => {
    const signedIn = Boolean(queryClient.getQueryData(sessionQuery.queryKey));
    if (signedIn && !stopRunning) stopRunning = start();
    else if (!signedIn && stopRunning) {
      stopRunning();
      stopRunning = null;
    }
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (isSessionKey(event.query.queryKey)) follow();
  });
  follow();
  return () => {
    unsubscribe();
    stopRunning?.();
    stopRunning = null;
  };
}
