import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

export type Assignee = { id: number; name: string; role: string };

/** Active people of the organization work can be assigned to. */
export const assigneesQuery = () =>
  queryOptions({ queryKey: ['/api/users/assignees'], queryFn: readQueryKey<Assignee[]> });

export const useAssignees = (enabled = true) => useQuery({ ...assigneesQuery(), enabled });
