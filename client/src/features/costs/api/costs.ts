import type { CostReport, CostReportQuery, ValveCosts, WorkOrderCost } from '@common/schemas/costs';
import { useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** A work order's cost; its key starts with the work order's path, so any write of the work order reads it again. */
export const useWorkOrderCost = (workOrderId: number) =>
  useQuery({ queryKey: [`/api/work-orders/${workOrderId}/cost`], queryFn: readQueryKey<WorkOrderCost> });

export const useValveCosts = (valveId: number, period: { from?: string; to?: string } = {}) =>
  useQuery({ queryKey: [`/api/valves/${valveId}/costs`, period], queryFn: readQueryKey<ValveCosts> });

export const useCostReport = (query: CostReportQuery) =>
  useQuery({ queryKey: ['/api/reports/costs', query], queryFn: readQueryKey<CostReport> });
