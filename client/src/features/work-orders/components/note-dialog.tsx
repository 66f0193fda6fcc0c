import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { type FormEvent, useEffect, useState } from 'react';
import { FormActions, FormAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useContractCheck } from '@/components/use-write-form';
import { newActionKey } from '@/lib/action-key';
import { fieldErrors, readApiError } from '@/lib/api-error';
import { contractSchemas } from '@/lib/contract-schemas';
import { isQueued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';
import { toast } from '@/lib/toast';
import { useAddWorkOrderNote } from '../api/add-work-order-note';
import { WORK_ORDER_WRITE_TEXTS as T } from '../texts';

/** Add Note: free text kept with the work order (and in its valve's history, as a note). */
export function NoteDialog({
  workOrder,
  open,
  onOpenChange,
}: {
  workOrder: WorkOrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={T.noteTitle} description={`Add a note to ${workOrder.workOrderId}`}>
        {open ? <NoteForm workOrder={workOrder} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function NoteForm({ workOrder, onDone }: { workOrder: WorkOrderDetail; onDone: () => void }) {
  const addNote = useAddWorkOrderNote();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const contract = useContractCheck();
  const busy = addNote.isPending || contract.checking;
  useEffect(() => contractSchemas.workOrders.preload(), []);

  const send = async () => {
    const checked = await contract.check(contractSchemas.workOrders.check((schemas) => schemas.noteBody, { text }));
    if (checked.body === null) {
      setError(fieldErrors(checked.issues).text);
      return;
    }
    setFormError(null);
    addNote.mutate(
      { id: workOrder.id, key: newActionKey(), body: checked.body },
      {
        onSuccess: (reply) => {
          if (isQueued(reply)) toastQueued(workOrder.workOrderId);
          else toast({ title: T.noteSaved, description: workOrder.workOrderId });
          onDone();
        },
        onError: (failed) => {
          const failure = readApiError(failed);
          toast({ title: T.noteFailed, description: failure.message, tone: 'danger' });
          const byField = fieldErrors(failure.issues);
          if (byField.text) setError(byField.text);
          else setFormError(failure.message);
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void send();
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {formError ? <FormAlert title={T.noteFailed}>{formError}</FormAlert> : null}
      <Field label="Note" required error={error}>
        {(control) => (
          <Textarea
            {...control}
            rows={5}
            autoFocus
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(undefined);
            }}
            placeholder="e.g. Isolation confirmed with operator, waiting for gasket kit."
          />
        )}
      </Field>
      <FormActions>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {T.cancel}
        </Button>
        <SubmitButton busy={busy} busyLabel="Saving…">
          {T.noteSubmit}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
