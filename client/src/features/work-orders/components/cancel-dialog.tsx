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
import { useCancelWorkOrder } from '../api/cancel-work-order';
import { WORK_ORDER_WRITE_TEXTS as T } from '../texts';

/** Cancel Order: a duplicate or unneeded order is closed with a reason, kept on it and in the activity. */
export function CancelDialog({
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
      <DialogContent title={T.cancelTitle} description={`Cancel ${workOrder.workOrderId}: ${workOrder.title}`}>
        {open ? <CancelForm workOrder={workOrder} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CancelForm({ workOrder, onDone }: { workOrder: WorkOrderDetail; onDone: () => void }) {
  const cancel = useCancelWorkOrder();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const contract = useContractCheck();
  const busy = cancel.isPending || contract.checking;
  useEffect(() => contractSchemas.workOrders.preload(), []);

  const send = async () => {
    const checked = await contract.check(
      contractSchemas.workOrders.check((schemas) => schemas.workOrderCancelBody, {
        version: workOrder.version,
        reason,
      }),
    );
    if (checked.body === null) {
      setError(fieldErrors(checked.issues).reason);
      return;
    }
    setFormError(null);
    cancel.mutate(
      { id: workOrder.id, key: newActionKey(), body: checked.body },
      {
        onSuccess: (reply) => {
          if (isQueued(reply)) toastQueued(workOrder.workOrderId);
          else toast({ title: T.cancelled(workOrder.workOrderId) });
          onDone();
        },
        onError: (failed) => {
          const failure = readApiError(failed);
          const byField = fieldErrors(failure.issues);
          if (byField.reason) setError(byField.reason);
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
      {formError ? <FormAlert title={T.cancelFailed}>{formError}</FormAlert> : null}
      <Field label="Reason" required error={error}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            autoFocus
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
            }}
            placeholder="e.g. Duplicate of WO-2026-0012, raised twice for the same leak."
          />
        )}
      </Field>
      <FormActions>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {T.keepOrder}
        </Button>
        <SubmitButton busy={busy} busyLabel="Cancelling…" className="bg-red-700 hover:bg-red-800">
          {T.cancelSubmit}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
