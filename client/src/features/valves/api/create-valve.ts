import type { ValveCreateBody, ValveDetail } from '@common/schemas/valves';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keepAnswer } from '@/lib/keep-answer';
import { isQueued, type Queued, sendOrQueue } from '@/lib/offline/offline-write';
import { manufacturersQuery, plantsQuery, valveTypesQuery } from '@/lib/plants';
import { refreshWorkData } from '@/lib/refresh-work-data';
import { valveQuery } from './get-valve';

/** What the form sends: the server fills in the defaults (status active, 180-day interval). */
export type ValveCreateInput = Partial<ValveCreateBody> & Pick<ValveCreateBody, 'valveId'>;

export async function createValve({
  key,
  body,
}: {
  key: string;
  body: ValveCreateInput;
}): Promise<ValveDetail | Queued> {
  return sendOrQueue<ValveDetail>('POST', '/api/valves', body, { idempotencyKey: key });
}

export function useCreateValve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createValve,
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
