import type { AuthStatus } from '@common/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** Whether the installation still needs its first account, and the demo accounts the sign-in page offers. */
export const authStatusQuery = queryOptions({
  queryKey: ['/api/auth/status'],
  queryFn: readQueryKey<AuthStatus>,
  // Set-up is a one-time state that another person may just have finished: always ask again on arrival.
  staleTime: 0,
});

export const useAuthStatus = () => useQuery(authStatusQuery);
