import type { ProcedureSummary } from '@common/schemas/procedures';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** The organization's procedures, a plan's checklist to choose from. */
export const planProceduresQuery = () =>
  queryOptions({ queryKey: ['/api/procedures'], queryFn: readQueryKey<ProcedureSummary[]> });
export const usePlanProcedures = () => useQuery(planProceduresQuery());
