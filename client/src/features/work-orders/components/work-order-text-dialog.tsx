import type { WorkOrderDetail } from '@common/schemas/work-orders';
import type { ComponentProps } from 'react';
import { OneTextForm } from '@/components/one-text-form';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { newActionKey } from '@/lib/action-key';
import { readApiError } from '@/lib/api-error';
import { contractSchemas } from '@/lib/contract-schemas';
import { isQueued, type Queued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';

type Write<Body> = {
  isPending: boolean;
  mutateAsync: (input: { id: number; key: string; body: Body }) => Promise<unknown | Queued>;
};

type WorkOrderSchemas = typeof import('@common/schemas/work-orders');
type TextForm<Body, Input> = ComponentProps<typeof OneTextForm<WorkOrderSchemas, Body, Input>>;

/** What the work order screen hands each of its dialogs. */
export type WorkOrderDialogProps = {
  workOrder: WorkOrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export type WorkOrderTextDialogProps<Body, Input> = WorkOrderDialogProps & {
  title: string;
  description: string;
  /** The body's name for the text ('reason', 'text'), its schema, and the body the text makes. */
  field: string;
  pick: TextForm<Body, Input>['pick'];
  bodyOf: TextForm<Body, Input>['bodyOf'];
  write: Write<Body>;
  onSent: () => void;
  onFailed?: (message: string) => void;
  form: Omit<TextForm<Body, Input>, 'schemas' | 'pick' | 'field' | 'bodyOf' | 'send' | 'onCancel'>;
};

/**
 * A work order write of one text (a note, a cancellation's reason): checked against the contract, sent or queued
 * offline with its own action key, and said in a toast.
 */
export function WorkOrderTextDialog<Body, Input>(props: WorkOrderTextDialogProps<Body, Input>) {
  const { workOrder, onOpenChange, field, pick, bodyOf, write, onSent, onFailed, form } = props;
  const done = () => onOpenChange(false);

  const send = async (body: Body) => {
    try {
      const reply = await write.mutateAsync({ id: workOrder.id, key: newActionKey(), body });
      if (isQueued(reply)) toastQueued(workOrder.workOrderId);
      else onSent();
      done();
    } catch (error) {
      onFailed?.(readApiError(error).message);
      throw error;
    }
  };

  return (
    <Dialog open={props.open} onOpenChange={onOpenChange}>
      <DialogContent title={props.title} description={props.description}>
        {props.open ? (
          <OneTextForm
            {...form}
            schemas={contractSchemas.workOrders}
            pick={pick}
            field={field}
            bodyOf={bodyOf}
            send={send}
            onCancel={done}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
