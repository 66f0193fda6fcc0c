import type { SessionUser } from '@common/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpError } from '@/lib/http';
import { cachedGet } from '@/lib/offline/cached-get';
import { EARLY_SESSION_READ, markSignedIn } from '@/lib/offline/early-reads';
import { noteAnswer } from '@/lib/offline/offline-answers';
import { forgetStoredRead } from '@/lib/offline/read-cache';

/** Signed out, the server answers null here rather than 401 (a failed load in the console of every public page). */
export const SESSION_PATH = EARLY_SESSION_READ;

/**
 * The signed-in user, or null when there is no session (the spec's 401-as-null option of §6).
 * Read through the offline store: a technician who opens the app with no signal is still the last known user and
 * sees the screens saved on the device; the server still refuses every request without a session.
 */
export const sessionQuery = queryOptions({
  queryKey: [SESSION_PATH],
  queryFn: async ({ signal }): Promise<SessionUser | null> => {
    try {
      const answer = await cachedGet<{ user: SessionUser } | null>(SESSION_PATH, signal);
      noteAnswer(SESSION_PATH, answer);
      const user = answer.data?.user ?? null;
      markSignedIn(user !== null);
      return user;
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 401)) throw error;
      // Signed out: the last known user must not come back the next time the device is offline.
      await forgetStoredRead(SESSION_PATH);
      markSignedIn(false);
      return null;
    }
  },
});

export const useSession = () => useQuery(sessionQuery);
