import type { ProcedureSummary } from '@common/schemas/procedures';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

export const proceduresQuery = () =>
  queryOptions({ queryKey: ['/api/procedures'], queryFn: readQueryKey<ProcedureSummary[]> });

export const useProcedures = (enabled: boolean) => useQuery({ ...proceduresQuery(), enabled });
