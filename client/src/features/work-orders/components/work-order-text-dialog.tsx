import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { type ComponentProps, useEffect } from 'react';
import { OneTextForm, refusalOf } from '@/components/one-text-form';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useContractCheck } from '@/components/use-write-form';
import { newActionKey } from '@/lib/action-key';
import { fieldErrors } from '@/lib/api-error';
import type { Checked } from '@/lib/contract-check';
import { contractSchemas } from '@/lib/contract-schemas';
import { isQueued, type Queued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';

type Write<Body> = {
  isPending: boolean;
  mutateAsync: (input: { id: number; key: string; body: Body }) => Promise<unknown | Queued>;
};

/** What the work order screen hands each of its dialogs. */
export type WorkOrderDialogProps = {
  workOrder: WorkOrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export type WorkOrderTextDialogProps<Body> = WorkOrderDialogProps & {
  title: string;
  description: string;
  /** The body's name for the text ('reason', 'text'): where the contract's and the server's refusals point. */
  field: string;
  /** The body the text makes, checked against the contract before sending. */
  check: (text: string) => Promise<Checked<Body>>;
  write: Write<Body>;
  onSent: () => void;
  onFailed?: (message: string) => void;
  form: Omit<ComponentProps<typeof OneTextForm>, 'busy' | 'onSubmit' | 'onCancel'>;
};

/**
 * A work order write of one text (a note, a cancellation's reason): checked against the contract, sent or queued
 * offline with its own action key, and said in a toast.
 */
export function WorkOrderTextDialog<Body>(props: WorkOrderTextDialogProps<Body>) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent title={props.title} description={props.description}>
        {props.open ? <TextForm {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TextForm<Body>({
  workOrder,
  onOpenChange,
  field,
  check,
  write,
  onSent,
  onFailed,
  form,
}: WorkOrderTextDialogProps<Body>) {
  const contract = useContractCheck();
  useEffect(() => contractSchemas.workOrders.preload(), []);
  const done = () => onOpenChange(false);

  const send = async (text: string) => {
    const checked = await contract.check(check(text));
    if (checked.body === null) return { field: fieldErrors(checked.issues)[field] };
    try {
      const reply = await write.mutateAsync({ id: workOrder.id, key: newActionKey(), body: checked.body });
      if (isQueued(reply)) toastQueued(workOrder.workOrderId);
      else onSent();
      done();
      return null;
    } catch (error) {
      const refusal = refusalOf(error, field);
      onFailed?.(refusal.form ?? refusal.field ?? '');
      return refusal;
    }
  };

  return <OneTextForm {...form} busy={write.isPending || contract.checking} onSubmit={send} onCancel={done} />;
}
