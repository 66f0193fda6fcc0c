import type {
  ContractorCost,
  ContractorCostBody,
  LaborEntry,
  LaborEntryBody,
  LaborRate,
  LaborRateBody,
  LaborTimerBody,
} from '@common/schemas/labor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { isQueued, sendOrQueue } from '@/lib/offline/offline-write';
import { readQueryKey } from '@/lib/query-client';

/** A work order's hours: the list, and what it costs (the work order's cost is read again after every change). */
const laborPath = (workOrderId: number) => `/api/work-orders/${workOrderId}/labor`;

export const useWorkOrderLabor = (workOrderId: number) =>
  useQuery({ queryKey: [laborPath(workOrderId)], queryFn: readQueryKey<LaborEntry[]> });

/**
 * Hours are logged in the field: with no signal the write is queued (with its key, so the replay counts it once)
 * and shown at once as waiting (lib/offline/pending-ledger.ts); sent, the work order's reads are read again.
 */
function useLaborWrite<Body>(workOrderId: number, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: Body; key: string }) =>
      sendOrQueue<LaborEntry>('POST', `${laborPath(workOrderId)}${path}`, body, { idempotencyKey: key }),
    onSuccess: (reply) => {
      if (isQueued(reply)) return;
      return queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith(`/api/work-orders/${workOrderId}`),
      });
    },
  });
}

export const useLogLabor = (workOrderId: number) => useLaborWrite<LaborEntryBody>(workOrderId, '');
export const useStartTimer = (workOrderId: number) => useLaborWrite<LaborTimerBody>(workOrderId, '/timer');
export const useStopTimer = (workOrderId: number) => useLaborWrite<LaborTimerBody>(workOrderId, '/timer/stop');

/** A work order's contractors' invoices. */
export const useContractorCosts = (workOrderId: number) =>
  useQuery({
    queryKey: [`/api/work-orders/${workOrderId}/contractor-costs`],
    queryFn: readQueryKey<ContractorCost[]>,
  });

export function useAddContractorCost(workOrderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: ContractorCostBody; key: string }) =>
      apiSend<ContractorCost>('POST', `/api/work-orders/${workOrderId}/contractor-costs`, body, {
        idempotencyKey: key,
      }) as Promise<ContractorCost>,
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith(`/api/work-orders/${workOrderId}`),
      }),
  });
}

export const useLaborRates = () => useQuery({ queryKey: ['/api/labor-rates'], queryFn: readQueryKey<LaborRate[]> });

export function useAddLaborRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LaborRateBody) => apiSend<LaborRate>('POST', '/api/labor-rates', body) as Promise<LaborRate>,
    // A rate re-costs the work of its day on: every cost read is read again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
