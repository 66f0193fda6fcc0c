import type { SessionUser } from '@common/schemas/auth';
import type { QueryClient } from '@tanstack/react-query';
import { markSignedIn } from '@/lib/offline/early-reads';
import { forgetStoredRead } from '@/lib/offline/read-cache';
import { sessionQuery } from './session-query';

const isSessionQuery = (queryKey: readonly unknown[]) => queryKey[0] === sessionQuery.queryKey[0];

/** Drops every cached answer except the session itself: nothing one user saw may show for the next one. */
export function forgetOtherQueries(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query.queryKey) });
}

/** A sign-in (or set-up, or accepted invitation) succeeded: start from a clean cache with the new user. */
export function startSession(queryClient: QueryClient, user: SessionUser) {
  forgetOtherQueries(queryClient);
  queryClient.setQueryData(sessionQuery.queryKey, user);
  markSignedIn(true);
}

/**
 * The server no longer knows this browser (signed out, session expired, user deactivated). Screens behind
 * RequireSession then send the user to the sign-in page, which brings them back afterwards.
 */
export function markSignedOut(queryClient: QueryClient) {
  queryClient.setQueryData(sessionQuery.queryKey, null);
  markSignedIn(false);
  // Nor may the device still think this user is signed in the next time it is offline.
  forgetStoredRead(String(sessionQuery.queryKey[0])).catch((error) =>
    console.warn('could not forget the session', error),
  );
}
