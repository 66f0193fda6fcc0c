import type { WorkOrderPart } from '@common/schemas/parts';
import { PackageCheck, Undo2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import { contractSchemas } from '@/lib/contract-schemas';
import { formatQuantity } from '@/lib/format';
import { isQueued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';
import { toast } from '@/lib/toast';
import { typedNumber } from '@/lib/typed-number';
import { useMoveWorkOrderPart } from '../api/part-writes';
import { PARTS_TEXTS } from '../texts';

const T = PARTS_TEXTS.workOrder.moveDialog;

/**
 * 'Issue' (take from the shelf what was reserved, or more if the store has it) or 'Return' (put back what was not
 * used), with the quantity filled in: what is reserved, or what was issued.
 */
export function PartLineDialog({
  workOrderId,
  line,
  action,
}: {
  workOrderId: number;
  line: WorkOrderPart;
  action: 'issue' | 'return';
}) {
  const suggested = action === 'issue' ? line.reserved : line.issued;
  const [open, setOpen] = useState(false);
  const [quantity, setQuantity] = useState(String(suggested));
  const [key, setKey] = useState(newActionKey);
  const move = useMoveWorkOrderPart(workOrderId);
  const form = useContractForm({ schemas: contractSchemas.parts, fields: ['quantity'], failedTitle: T.failed });
  const busy = move.isPending || form.checking;
  const title = action === 'issue' ? T.issueTitle(line.partNumber) : T.returnTitle(line.partNumber);

  const openChange = (next: boolean) => {
    setOpen(next);
    setQuantity(String(suggested));
    if (!next) {
      form.reset();
      setKey(newActionKey());
    }
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const checked = await form.check((schemas) => schemas.lineQuantityBody, { quantity: typedNumber(quantity) });
      if (!checked) return;
      move.mutate(
        { lineId: line.id, action, quantity: checked.quantity, key },
        {
          onError: (error) => form.refuse(error),
          onSuccess: (reply) => {
            const amount = formatQuantity(checked.quantity, line.unit);
            const title = action === 'issue' ? T.issued(amount) : T.returned(amount);
            if (isQueued(reply)) toastQueued(T.queued(action, amount, line.partNumber));
            else toast({ title });
            openChange(false);
          },
        },
      );
    });

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant={action === 'issue' ? 'primary' : 'outline'} className="flex-1 sm:flex-none">
          {action === 'issue' ? (
            <PackageCheck className="size-5" aria-hidden="true" />
          ) : (
            <Undo2 className="size-5" aria-hidden="true" />
          )}
          {action === 'issue' ? PARTS_TEXTS.workOrder.issue : PARTS_TEXTS.workOrder.return}
        </Button>
      </DialogTrigger>
      <DialogContent title={title}>
        <form ref={form.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={title}>
          <FormProblemAlert problem={form.alert} />
          <Field
            label={T.quantity}
            required
            error={form.errors.quantity}
            hint={
              action === 'issue'
                ? T.issueHint(formatQuantity(line.reserved, line.unit))
                : T.returnHint(formatQuantity(line.issued, line.unit))
            }
          >
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                value={quantity}
                onChange={(event) => {
                  setQuantity(event.target.value);
                  form.clear('quantity');
                }}
              />
            )}
          </Field>
          <FormActions>
            <Button variant="outline" onClick={() => openChange(false)}>
              {PARTS_TEXTS.cancel}
            </Button>
            <SubmitButton busy={busy} busyLabel={T.busy}>
              {action === 'issue' ? T.issueSubmit : T.returnSubmit}
            </SubmitButton>
          </FormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
