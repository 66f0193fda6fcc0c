import type { ManagedUser } from '@common/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** The organization's users, for admins (anyone else gets 403). */
export const usersQuery = queryOptions({ queryKey: ['/api/users'], queryFn: readQueryKey<ManagedUser[]> });

export const useUsers = ({ enabled }: { enabled: boolean }) => useQuery({ ...usersQuery, enabled });
