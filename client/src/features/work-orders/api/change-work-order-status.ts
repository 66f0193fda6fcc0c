import type { StatusChangeBody, WorkOrderDetail } from '@common/schemas/work-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keepAnswer } from '@/lib/keep-answer';
import { isQueued, sendOrQueue } from '@/lib/offline/offline-write';
import { refreshWorkData } from '@/lib/refresh-work-data';
import { workOrderQuery } from './get-work-order';

export type StatusChangeInput = Pick<StatusChangeBody, 'version' | 'status'> &
  Partial<
    Pick<StatusChangeBody, 'findings' | 'actionsPerformed' | 'maintenanceType' | 'signature' | 'failure' | 'downtime'>
  >;

export type StatusChange = { id: number; key: string; body: StatusChangeInput };

/** Start, pause, complete or reopen; an illegal step is 409 with the reason, a stale version 409 with the newer order. */
export async function changeWorkOrderStatus({ id, key, body }: StatusChange) {
  return sendOrQueue<WorkOrderDetail>('POST', `/api/work-orders/${id}/status`, body, {
    idempotencyKey: key,
  });
}

export function useChangeWorkOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeWorkOrderStatus,
    onSuccess: async (workOrder) => {
      if (!isQueued(workOrder)) await keepAnswer(queryClient, workOrderQuery(workOrder.id).queryKey, workOrder);
      void refreshWorkData(queryClient);
    },
  });
}
