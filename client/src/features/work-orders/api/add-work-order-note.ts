import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keepAnswer } from '@/lib/keep-answer';
import { isQueued, sendOrQueue } from '@/lib/offline/offline-write';
import { refreshWorkData } from '@/lib/refresh-work-data';
import { workOrderQuery } from './get-work-order';

export type NoteInput = { id: number; key: string; body: { text: string } };

/** A note is kept as a maintenance record of type note; the reply is the work order with it. */
export async function addWorkOrderNote({ id, key, body }: NoteInput) {
  return sendOrQueue<WorkOrderDetail>('POST', `/api/work-orders/${id}/notes`, body, {
    idempotencyKey: key,
  });
}

export function useAddWorkOrderNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWorkOrderNote,
    onSuccess: async (workOrder) => {
      if (!isQueued(workOrder)) await keepAnswer(queryClient, workOrderQuery(workOrder.id).queryKey, workOrder);
      void refreshWorkData(queryClient);
    },
  });
}
