import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { workOrderStatusStyle } from '@common/status-styles';
import { TEXTS } from '@common/texts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConflictSummary } from '@/components/conflict-summary';
import { newActionKey } from '@/lib/action-key';
import { type ApiFailure, isStaleVersion, readApiError } from '@/lib/api-error';
import { formatDateTime, formatPlantDay } from '@/lib/format';
import { isQueued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';
import { plantZone, usePlants } from '@/lib/plants';
import { toast } from '@/lib/toast';
import { type StatusChangeInput, useChangeWorkOrderStatus } from '../api/change-work-order-status';
import { workOrderQuery } from '../api/get-work-order';
import { priorityLabel } from '../texts';

/** The newer work order of a stale-version 409, in the lines a person compares with what they meant to do. */
export function WorkOrderConflictSummary({ workOrder }: { workOrder: WorkOrderDetail }) {
  const plants = usePlants().data;
  const rows: [string, string][] = [
    ['Status', workOrderStatusStyle(workOrder.status).label],
    ['Title', workOrder.title],
    ['Priority', priorityLabel(workOrder.priority)],
    ['Due', formatPlantDay(workOrder.dueDate, plantZone(plants, workOrder.valve.plant), TEXTS.workOrders.notSet)],
    ['Assigned to', workOrder.assignedToUser?.name ?? TEXTS.workOrders.unassigned],
    ['Last updated', formatDateTime(workOrder.updatedAt)],
  ];
  return <ConflictSummary rows={rows} />;
}

type Change = Omit<StatusChangeInput, 'version'>;

/**
 * A status change with the stale-version path: on 409 with the newer order, the screen shows it and keeps the
 * change to re-apply on the newer version (a new action, so a new idempotency key).
 */
export function useStatusChangeWithConflict(
  workOrder: WorkOrderDetail,
  {
    onDone,
    onQueued,
    failedTitle,
    onRefused,
    signerId,
  }: {
    /** Who signs with their password (a completion), so the device can sign it with no signal. */
    signerId?: number;
    onDone: (saved: WorkOrderDetail) => void;
    onQueued: () => void;
    failedTitle: string;
    /** A form's own placing of a refusal (its fields, its alert); without it the refusal is `failure`. */
    onRefused?: (error: unknown) => void;
  },
) {
  const queryClient = useQueryClient();
  const mutation = useChangeWorkOrderStatus();
  const [conflict, setConflict] = useState<{ current: WorkOrderDetail; change: Change } | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);

  const send = (change: Change, version: number) => {
    setFailure(null);
    mutation.mutate(
      { id: workOrder.id, key: newActionKey(), body: { ...change, version }, signerId },
      {
        onSuccess: (saved) => {
          setConflict(null);
          if (!isQueued(saved)) {
            onDone(saved);
            return;
          }
          toastQueued(workOrder.workOrderId);
          onQueued();
        },
        onError: (error) => {
          const read = readApiError(error);
          if (isStaleVersion(read)) {
            const current = read.current as WorkOrderDetail;
            queryClient.setQueryData(workOrderQuery(current.id).queryKey, current);
            setConflict({ current, change });
            return;
          }
          setConflict(null);
          if (onRefused) return onRefused(error);
          setFailure(read);
          toast({ title: failedTitle, description: read.message, tone: 'danger' });
        },
      },
    );
  };

  return {
    isPending: mutation.isPending,
    conflict,
    failure,
    submit: (change: Change) => send(change, workOrder.version),
    reapply: () => conflict && send(conflict.change, conflict.current.version),
  };
}
