import type { SessionUser } from '@common/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/http';

/** The signed-in user, or null when there is no session (the spec's 401-as-null option of §6). */
export const sessionQuery = queryOptions({
  queryKey: ['/api/auth/session'],
  queryFn: async ({ signal }): Promise<SessionUser | null> =>
    (await apiGet<{ user: SessionUser }>('/api/auth/session', { on401: 'returnNull', signal }))?.user ?? null,
});

export const useSession = () => useQuery(sessionQuery);
