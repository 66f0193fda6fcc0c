import type { ValveDetail, ValveUpdateBody } from '@common/schemas/valves';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keepAnswer } from '@/lib/keep-answer';
import { isQueued, type Queued, sendOrQueue } from '@/lib/offline/offline-write';
import { manufacturersQuery, plantsQuery, valveTypesQuery } from '@/lib/plants';
import { refreshWorkData } from '@/lib/refresh-work-data';
import { valveQuery } from './get-valve';

export type ValveUpdate = { id: number; key: string; body: ValveUpdateBody };

/** Sends only the changed fields with the version they were made to; a stale version answers 409 with the newer valve. */
export async function updateValve({ id, key, body }: ValveUpdate): Promise<ValveDetail | Queued> {
  return sendOrQueue<ValveDetail>('PATCH', `/api/valves/${id}`, body, { idempotencyKey: key });
}

export function useUpdateValve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateValve,
    onSuccess: async (valve) => {
      if (!isQueued(valve)) await keepAnswer(queryClient, valveQuery(valve.id).queryKey, valve);
      void refreshWorkData(queryClient);
      // The catalog and the plants count their valves: a filter offers the types and plants in use.
      void queryClient.invalidateQueries({ queryKey: valveTypesQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: plantsQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: manufacturersQuery.queryKey });
    },
  });
}
