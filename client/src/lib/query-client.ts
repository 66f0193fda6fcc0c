import { retryDelayMs, TIMINGS } from '@common/constants';
import { MutationCache, QueryCache, QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { HttpError } from './http';
import { cachedGet } from './offline/cached-get';
import { noteAnswer } from './offline/offline-answers';
import { queryKeyToPath } from './query-key';

/**
 * The generic read of spec §7: GET the path its query key spells, through the offline store, so with no signal
 * the copy saved on this device is shown (and the shell says how old it is).
 * Hooks pass it with their response type (`queryFn: readQueryKey<ValveDetail>`).
 */
export function readQueryKey<T>({ queryKey, signal }: QueryFunctionContext): Promise<T> {
  return readPath<T>(queryKeyToPath(queryKey), signal);
}

/** The same read for a path a query function builds itself (a page of an infinite list). */
export async function readPath<T>(path: string, signal?: AbortSignal): Promise<T> {
  const answer = await cachedGet<T>(path, signal);
  noteAnswer(path, answer);
  return answer.data;
}

/**
 * Spec §9 retries only while online. A 4xx (other than timeout / too many requests) answers the same on every
 * attempt, so retrying it would only keep "Valve not found" from the technician for seconds.
 */
export function shouldRetry(limit: number) {
  return (failureCount: number, error: unknown): boolean => {
    if (!navigator.onLine || failureCount >= limit) return false;
    if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
      return error.status === 408 || error.status === 429;
    }
    return true;
  };
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** A 401 from this write is an answer (a wrong password), not a sign that the session has ended. */
      expectsUnauthorized?: boolean;
    };
  }
}

/** The server answered "Sign in to continue.": the session has expired, was ended, or its user deactivated. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}

export type QueryClientOptions = {
  /**
   * Called when any read or write is refused for want of a session, wherever it was made, so one place (the app)
   * decides what follows: forget the user and send them to the sign-in page, never leave a screen blank.
   */
  onUnauthorized?: (queryClient: QueryClient) => void;
};

export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) onUnauthorized?.(queryClient);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isUnauthorized(error) && !mutation.meta?.expectsUnauthorized) onUnauthorized?.(queryClient);
      },
    }),
    // networkMode 'always': TanStack's default ('online') pauses every read and write while the browser says it is
    // offline, so neither the stored-copy fallback of the reads nor the queue of the writes would ever run.
    defaultOptions: {
      queries: {
        networkMode: 'always',
        queryFn: readQueryKey,
        staleTime: TIMINGS.queryFreshMs,
        gcTime: TIMINGS.queryKeptMs,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: shouldRetry(TIMINGS.readRetries),
        retryDelay: (failureCount) => retryDelayMs(failureCount),
      },
      mutations: {
        networkMode: 'always',
        retry: shouldRetry(TIMINGS.mutationRetries),
        retryDelay: (failureCount) => retryDelayMs(failureCount),
      },
    },
  });
  return queryClient;
}
