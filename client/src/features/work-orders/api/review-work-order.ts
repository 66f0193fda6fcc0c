import type { WorkOrderDetail, WorkOrderReviewBody } from '@common/schemas/work-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { keepAnswer } from '@/lib/keep-answer';
import { refreshWorkData } from '@/lib/refresh-work-data';
import { workOrderQuery } from './get-work-order';

export type ReviewStage = 'approve' | 'close';
export type ReviewInput = { id: number; stage: ReviewStage; key: string; body: WorkOrderReviewBody };

/**
 * Approves or closes a completed work order. Never queued offline: a signature's password goes to the server
 * there and then, or not at all.
 */
export async function reviewWorkOrder({ id, stage, key, body }: ReviewInput) {
  return (await apiSend<WorkOrderDetail>('POST', `/api/work-orders/${id}/${stage}`, body, {
    idempotencyKey: key,
  })) as WorkOrderDetail;
}

export function useReviewWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewWorkOrder,
    onSuccess: async (workOrder) => {
      await keepAnswer(queryClient, workOrderQuery(workOrder.id).queryKey, workOrder);
      void refreshWorkData(queryClient);
    },
  });
}
