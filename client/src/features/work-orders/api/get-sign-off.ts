import type { WorkOrderSignOff } from '@common/schemas/work-orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** Which steps of the work order need a signature, so its forms mark the signature required or optional. */
export const signOffQuery = (id: number) =>
  queryOptions({ queryKey: ['/api/work-orders', id, 'sign-off'], queryFn: readQueryKey<WorkOrderSignOff> });

export const useSignOff = (id: number) => useQuery(signOffQuery(id));
