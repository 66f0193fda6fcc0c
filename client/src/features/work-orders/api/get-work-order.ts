import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

export const workOrderQuery = (id: number) =>
  queryOptions({ queryKey: ['/api/work-orders', id], queryFn: readQueryKey<WorkOrderDetail> });

export const useWorkOrder = (id: number) => useQuery(workOrderQuery(id));
