import type { WorkOrderCreateBody, WorkOrderDetail } from '@common/schemas/work-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keepAnswer } from '@/lib/keep-answer';
import { isQueued, sendOrQueue } from '@/lib/offline/offline-write';
import { refreshWorkData } from '@/lib/refresh-work-data';
import { workOrderQuery } from './get-work-order';

export type WorkOrderCreateInput = Pick<WorkOrderCreateBody, 'valveId' | 'title'> & Partial<WorkOrderCreateBody>;

export async function createWorkOrder({ key, body }: { key: string; body: WorkOrderCreateInput }) {
  return sendOrQueue<WorkOrderDetail>('POST', '/api/work-orders', body, { idempotencyKey: key });
}

export function useCreateWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkOrder,
    onSuccess: async (workOrder) => {
      if (!isQueued(workOrder)) await keepAnswer(queryClient, workOrderQuery(workOrder.id).queryKey, workOrder);
      void refreshWorkData(queryClient);
    },
  });
}
