import type { Movement, Part, PartListQuery, Store, WorkOrderPart } from '@common/schemas/parts';
import { useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** Reads of the ledger. Every write (./part-writes.ts) reads these again: stock moves them all. */
export const PARTS = '/api/parts';
export const STORES = '/api/stores';

type ListQuery = Partial<Record<keyof PartListQuery, string | number | undefined>>;

export const useParts = (query: ListQuery = {}, { enabled = true } = {}) =>
  useQuery({ queryKey: [PARTS, query], queryFn: readQueryKey<Part[]>, enabled });

export const usePart = (id: number) => useQuery({ queryKey: [`${PARTS}/${id}`], queryFn: readQueryKey<Part> });

export const useMovements = (id: number) =>
  useQuery({ queryKey: [`${PARTS}/${id}/movements`], queryFn: readQueryKey<Movement[]> });

export const useStores = () => useQuery({ queryKey: [STORES], queryFn: readQueryKey<Store[]> });

/** A work order's part lines (reserved, issued), read again after every stock change of the work order. */
export const workOrderPartsPath = (workOrderId: number) => `/api/work-orders/${workOrderId}/parts`;

export const useWorkOrderParts = (workOrderId: number) =>
  useQuery({ queryKey: [workOrderPartsPath(workOrderId)], queryFn: readQueryKey<WorkOrderPart[]> });
