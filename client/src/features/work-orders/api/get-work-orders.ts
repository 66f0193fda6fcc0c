import type { WorkOrderSummary } from '@common/schemas/work-orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

export const workOrdersQuery = () =>
  queryOptions({ queryKey: ['/api/work-orders'], queryFn: readQueryKey<WorkOrderSummary[]> });

export const useWorkOrders = () => useQuery(workOrdersQuery());
