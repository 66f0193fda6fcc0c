import { type QueryFunctionContext, QueryClient } from '@tanstack/react-query';
import { retryDelayMs, TIMINGS } from '@common/constants';
import { apiGet, HttpError } from './http';
import { queryKeyToPath } from './query-key';

/**
 * The generic read of spec §7: GET the path its query key spells.
 * Hooks pass it with their response type (`queryFn: readQueryKey<ValveDetail>`); the offline cache of a later
 * issue wraps apiGet, so every read gains it without touching the hooks.
 */
export function readQueryKey<T>({ queryKey, signal }: QueryFunctionContext): Promise<T> {
  return apiGet<T>(queryKeyToPath(queryKey), { signal });
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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: readQueryKey,
        staleTime: TIMINGS.queryFreshMs,
        gcTime: TIMINGS.queryKeptMs,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: shouldRetry(TIMINGS.readRetries),
        retryDelay: (failureCount) => retryDelayMs(failureCount),
      },
      mutations: {
        retry: shouldRetry(TIMINGS.mutationRetries),
        retryDelay: (failureCount) => retryDelayMs(failureCount),
      },
    },
  });
}
