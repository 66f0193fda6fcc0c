import type { StatusChangeBody, WorkOrderDetail } from '@common/schemas/work-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keepAnswer } from '@/lib/keep-answer';
import { isQueued, sendOrQueue } from '@/lib/offline/offline-write';
import { ensureSigningKey, signOffline } from '@/lib/offline/signing-key';
import { refreshWorkData } from '@/lib/refresh-work-data';
import { workOrderQuery } from './get-work-order';

export type StatusChangeInput = Pick<StatusChangeBody, 'version' | 'status'> &
  Partial<
    Pick<StatusChangeBody, 'findings' | 'actionsPerformed' | 'maintenanceType' | 'signature' | 'failure' | 'downtime'>
  >;

/** `signerId`: who signs a completion with their password, so the device can sign it when there is no signal. */
export type StatusChange = { id: number; key: string; body: StatusChangeInput; signerId?: number };

/**
 * Start, pause, complete or reopen; an illegal step is 409 with the reason, a stale version 409 with the newer order.
 * A completion signed with the password that must wait for a signal is signed on the device instead
 * (lib/offline/signing-key.ts): the password is never queued. Signed online, the device keeps a key for next time.
 */
export async function changeWorkOrderStatus({ id, key, body, signerId }: StatusChange) {
  const password = body.signature?.password;
  const signedOnDevice = async () => {
    if (!body.signature || password === undefined) return body;
    const proof = await signOffline(
      {
        userId: signerId ?? 0,
        entityType: 'work_order',
        entityId: id,
        meaning: body.signature.meaning,
        maintenanceType: body.maintenanceType,
        findings: body.findings,
        actionsPerformed: body.actionsPerformed,
      },
      password,
    );
    return { ...body, signature: { meaning: body.signature.meaning, offline: proof } };
  };
  const answer = await sendOrQueue<WorkOrderDetail>('POST', `/api/work-orders/${id}/status`, body, {
    idempotencyKey: key,
    queuedBody: signedOnDevice,
  });
  if (password !== undefined && signerId !== undefined && !isQueued(answer)) {
    // In the background: the completion is done whether or not the device's key is made.
    ensureSigningKey(signerId, password).catch(() => undefined);
  }
  return answer;
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
