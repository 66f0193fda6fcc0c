import type { WorkOrderCancelBody, WorkOrderDetail } from '@common/schemas/work-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keepAnswer } from '@/lib/keep-answer';
import { isQueued, sendOrQueue } from '@/lib/offline/offline-write';
import { refreshWorkData } from '@/lib/refresh-work-data';
import { workOrderQuery } from './get-work-order';

export type CancelInput = { id: number; key: string; body: WorkOrderCancelBody };

/** Cancels open work (a duplicate, no longer needed) with a reason; the reply is the work order as now. */
export async function cancelWorkOrder({ id, key, body }: CancelInput) {
  return sendOrQueue<WorkOrderDetail>('POST', `/api/work-orders/${id}/cancel`, body, { idempotencyKey: key });
}

export function useCancelWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWorkOrder,
    onSuccess: async (workOrder) => {
      if (!isQueued(workOrder)) await keepAnswer(queryClient, workOrderQuery(workOrder.id).queryKey, workOrder);
      void refreshWorkData(queryClient);
    },
  });
}
