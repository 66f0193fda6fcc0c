import type { WorkOrderSummary } from '@common/schemas/work-orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

export const workOrdersQuery = () =>
  queryOptions({ queryKey: ['/api/work-orders'], queryFn: readQueryKey<WorkOrderSummary[]> });

export const useWorkOrders = () => useQuery(workOrdersQuery());

/** The newest `limit` work orders: the dashboard's preview, without the whole list crossing a slow link. */
export const workOrderPreviewQuery = (limit: number) =>
  queryOptions({ queryKey: ['/api/work-orders', { limit }], queryFn: readQueryKey<WorkOrderSummary[]> });

export const useWorkOrderPreview = (limit: number) => useQuery(workOrderPreviewQuery(limit));
