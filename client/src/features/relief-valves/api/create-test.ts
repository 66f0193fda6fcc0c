import type { ReliefTest, ReliefTestBody, ReliefTestUpdateBody } from '@common/schemas/relief-valves';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOrQueue } from '@/lib/offline/offline-write';
import { refreshWorkData } from '@/lib/refresh-work-data';
import { RELIEF } from './reads';

/** A test record from the bench or the field: queued like any other write when there is no signal. */
export async function createReliefTest({ key, body }: { key: string; body: ReliefTestBody }) {
  return sendOrQueue<ReliefTest>('POST', `${RELIEF}/tests`, body, { idempotencyKey: key });
}

export function useCreateReliefTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReliefTest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [`${RELIEF}/tags`] });
      void refreshWorkData(queryClient);
    },
  });
}

/** A draft saved again (or submitted), with the version it was read at; queued like any write without signal. */
export function useUpdateReliefTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, key, body }: { id: number; key: string; body: ReliefTestUpdateBody }) =>
      sendOrQueue<ReliefTest>('PATCH', `${RELIEF}/tests/${id}`, body, { idempotencyKey: key }),
    onSuccess: (_reply, { id }) => {
      void queryClient.invalidateQueries({ queryKey: [`${RELIEF}/tags`] });
      void queryClient.invalidateQueries({ queryKey: [`${RELIEF}/tests`, id] });
      void refreshWorkData(queryClient);
    },
  });
}
