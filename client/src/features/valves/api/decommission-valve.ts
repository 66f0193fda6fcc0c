import type { ValveDetail } from '@common/schemas/valves';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keepAnswer } from '@/lib/keep-answer';
import { isQueued, type Queued, sendOrQueue } from '@/lib/offline/offline-write';
import { refreshWorkData } from '@/lib/refresh-work-data';
import { valveQuery } from './get-valve';

export type ValveDecommission = { id: number; key: string; body: { version: number; reason: string } };

/** Refused (409) while the valve has open work orders; the server's message says how many. */
export async function decommissionValve({ id, key, body }: ValveDecommission): Promise<ValveDetail | Queued> {
  return sendOrQueue<ValveDetail>('POST', `/api/valves/${id}/decommission`, body, {
    idempotencyKey: key,
  });
}

export function useDecommissionValve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decommissionValve,
    onSuccess: async (valve) => {
      if (!isQueued(valve)) await keepAnswer(queryClient, valveQuery(valve.id).queryKey, valve);
      void refreshWorkData(queryClient);
    },
  });
}
