import type { Assignee } from '@common/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from './query-client';

/*
 * The organization's active people, as GET /api/users/assignees lists them for any signed-in user: whom work is
 * assigned to, a plan names, a store names to order for it, a qualification or a rate is for. One read, one cache
 * entry, for every feature that offers a person.
 */

export const peopleQuery = queryOptions({ queryKey: ['/api/users/assignees'], queryFn: readQueryKey<Assignee[]> });

export const usePeople = ({ enabled = true } = {}) => useQuery({ ...peopleQuery, enabled });
