import type { ProcedureRun } from '@common/schemas/procedures';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

export const procedureRunsQuery = (workOrderId: number) =>
  queryOptions({ queryKey: ['/api/work-orders', workOrderId, 'procedures'], queryFn: readQueryKey<ProcedureRun[]> });

export const useProcedureRuns = (workOrderId: number) => useQuery(procedureRunsQuery(workOrderId));
