import { useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

export type Person = { id: number; name: string; role: string };

/** The organization's active people (as work is assigned to them): whom a store may name to order for it. */
export const usePeople = () => useQuery({ queryKey: ['/api/users/assignees'], queryFn: readQueryKey<Person[]> });
