import type { ValveDetail } from '@common/schemas/valves';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshWorkData } from '@/features/dashboard/api/refresh-work-data';
import { apiSend } from '@/lib/http';
import { valveQuery } from './get-valve';

export type ValveDecommission = { id: number; key: string; body: { version: number; reason: string } };

/** Refused (409) while the valve has open work orders; the server's message says how many. */
export async function decommissionValve({ id, key, body }: ValveDecommission): Promise<ValveDetail> {
  return (await apiSend<ValveDetail>('POST', `/api/valves/${id}/decommission`, body, {
    idempotencyKey: key,
  })) as ValveDetail;
}

export function useDecommissionValve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decommissionValve,
    onSuccess: (valve) => {
      queryClient.setQueryData(valveQuery(valve.id).queryKey, valve);
      void refreshWorkData(queryClient);
    },
  });
}
