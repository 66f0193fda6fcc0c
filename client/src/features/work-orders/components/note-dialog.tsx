import { toast } from '@/lib/toast';
import { useAddWorkOrderNote } from '../api/add-work-order-note';
import { WORK_ORDER_WRITE_TEXTS as T } from '../texts';
import { type WorkOrderDialogProps, WorkOrderTextDialog } from './work-order-text-dialog';

/** Add Note: free text kept with the work order (and in its valve's history, as a note). */
export function NoteDialog({ workOrder, open, onOpenChange }: WorkOrderDialogProps) {
  const addNote = useAddWorkOrderNote();
  return (
    <WorkOrderTextDialog
      workOrder={workOrder}
      open={open}
      onOpenChange={onOpenChange}
      title={T.noteTitle}
      description={`Add a note to ${workOrder.workOrderId}`}
      field="text"
      pick={(schemas) => schemas.noteBody}
      bodyOf={(text) => ({ text })}
      write={addNote}
      onSent={() => toast({ title: T.noteSaved, description: workOrder.workOrderId })}
      onFailed={(message) => toast({ title: T.noteFailed, description: message, tone: 'danger' })}
      form={{
        label: 'Note',
        rows: 5,
        placeholder: 'e.g. Isolation confirmed with operator, waiting for gasket kit.',
        failedTitle: T.noteFailed,
        cancelLabel: T.cancel,
        submitLabel: T.noteSubmit,
        busyLabel: 'Saving…',
      }}
    />
  );
}
