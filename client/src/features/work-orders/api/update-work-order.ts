import type { WorkOrderDetail, WorkOrderUpdateBody } from '@common/schemas/work-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keepAnswer } from '@/lib/keep-answer';
import { isQueued, sendOrQueue } from '@/lib/offline/offline-write';
import { refreshWorkData } from '@/lib/refresh-work-data';
import { workOrderQuery } from './get-work-order';

export type WorkOrderUpdate = { id: number; key: string; body: WorkOrderUpdateBody };

/** The changed fields with the version they were made to; stale → 409 with the newer work order. */
export async function updateWorkOrder({ id, key, body }: WorkOrderUpdate) {
  return sendOrQueue<WorkOrderDetail>('PATCH', `/api/work-orders/${id}`, body, {
    idempotencyKey: key,
  });
}

export function useUpdateWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkOrder,
    onSuccess: async (workOrder) => {
      if (!isQueued(workOrder)) await keepAnswer(queryClient, workOrderQuery(workOrder.id).queryKey, workOrder);
      void refreshWorkData(queryClient);
    },
  });
}
