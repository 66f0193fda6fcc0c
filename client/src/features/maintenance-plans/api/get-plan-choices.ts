import type { ProcedureSummary } from '@common/schemas/procedures';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

export type Assignee = { id: number; name: string; role: string };

/** Everyone work can be assigned to (the work order form's list: the same path, so one cache entry). */
export const planAssigneesQuery = () =>
  queryOptions({ queryKey: ['/api/users/assignees'], queryFn: readQueryKey<Assignee[]> });
export const usePlanAssignees = () => useQuery(planAssigneesQuery());

/** The organization's procedures, a plan's checklist to choose from. */
export const planProceduresQuery = () =>
  queryOptions({ queryKey: ['/api/procedures'], queryFn: readQueryKey<ProcedureSummary[]> });
export const usePlanProcedures = () => useQuery(planProceduresQuery());
