import { toast } from '@/lib/toast';
import { useCancelWorkOrder } from '../api/cancel-work-order';
import { WORK_ORDER_WRITE_TEXTS as T } from '../texts';
import { type WorkOrderDialogProps, WorkOrderTextDialog } from './work-order-text-dialog';

/** Cancel Order: a duplicate or unneeded order is closed with a reason, kept on it and in the activity. */
export function CancelDialog({ workOrder, open, onOpenChange }: WorkOrderDialogProps) {
  const cancel = useCancelWorkOrder();
  return (
    <WorkOrderTextDialog
      workOrder={workOrder}
      open={open}
      onOpenChange={onOpenChange}
      title={T.cancelTitle}
      description={`Cancel ${workOrder.workOrderId}: ${workOrder.title}`}
      field="reason"
      pick={(schemas) => schemas.workOrderCancelBody}
      bodyOf={(reason) => ({ version: workOrder.version, reason })}
      write={cancel}
      onSent={() => toast({ title: T.cancelled(workOrder.workOrderId) })}
      form={{
        label: 'Reason',
        rows: 3,
        placeholder: 'e.g. Duplicate of WO-2026-0012, raised twice for the same leak.',
        failedTitle: T.cancelFailed,
        cancelLabel: T.keepOrder,
        submitLabel: T.cancelSubmit,
        busyLabel: 'Cancelling…',
        danger: true,
      }}
    />
  );
}
