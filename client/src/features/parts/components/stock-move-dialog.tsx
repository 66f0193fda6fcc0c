import type { Part } from '@common/schemas/parts';
import { PackagePlus, PencilRuler } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import { contractSchemas } from '@/lib/contract-schemas';
import { formatQuantity } from '@/lib/format';
import { toast } from '@/lib/toast';
import { typedNumber } from '@/lib/typed-number';
import { useAdjustPart, useReceivePart } from '../api/part-writes';
import { useStores } from '../api/parts';
import { PARTS_TEXTS } from '../texts';

type Kind = 'receipt' | 'adjustment';
const FIELDS: Record<Kind, string[]> = {
  receipt: ['storeId', 'quantity', 'unitCost', 'bin', 'reference'],
  adjustment: ['storeId', 'quantity', 'reason'],
};
type Values = { storeId: string; quantity: string; unitCost: string; bin: string; reference: string; reason: string };
const EMPTY: Values = { storeId: '', quantity: '', unitCost: '', bin: '', reference: '', reason: '' };

/**
 * 'Receive' (a delivery into a store) or 'Correct count' (what a count found on the shelf, with the reason): the
 * two ways stock changes without a work order. A correction asks for the count, not the difference: the person
 * at the shelf knows what is there, and the ledger works out the change.
 */
export function StockMoveDialog({ part, kind }: { part: Part; kind: Kind }) {
  const T = kind === 'receipt' ? PARTS_TEXTS.receiveDialog : PARTS_TEXTS.adjustDialog;
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(EMPTY);
  const [key, setKey] = useState(newActionKey);
  const stores = useStores();
  const receive = useReceivePart();
  const adjust = useAdjustPart();
  const write = kind === 'receipt' ? receive : adjust;
  const form = useContractForm({ schemas: contractSchemas.parts, fields: FIELDS[kind], failedTitle: T.failed });
  const busy = write.isPending || form.checking;
  // A count is corrected where the part is kept; a delivery may go into any store the user works at.
  const choices =
    kind === 'receipt'
      ? (stores.data ?? []).map((s) => ({ id: s.id, label: `${s.name} (${s.plant})` }))
      : part.stock.map((s) => ({ id: s.storeId, label: `${s.store} (${s.plant})` }));
  const held = part.stock.find((s) => String(s.storeId) === values.storeId);
  const storeName = choices.find((c) => String(c.id) === values.storeId)?.label ?? '';

  const change = (field: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clear(field);
  };

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setValues(EMPTY);
      form.reset();
      setKey(newActionKey());
    }
  };

  const done = () => {
    toast({
      title:
        kind === 'receipt'
          ? PARTS_TEXTS.receiveDialog.done(formatQuantity(Number(values.quantity), part.unit), storeName)
          : PARTS_TEXTS.adjustDialog.done(storeName),
    });
    openChange(false);
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const storeId = values.storeId ? Number(values.storeId) : undefined;
      if (kind === 'receipt') {
        const body = {
          storeId,
          quantity: typedNumber(values.quantity),
          unitCost: typedNumber(values.unitCost),
          bin: values.bin || undefined,
          reference: values.reference || undefined,
        };
        const checked = await form.check((schemas) => schemas.receiptBody, body);
        if (checked)
          receive.mutate(
            { id: part.id, body: checked, key },
            { onError: (error) => form.refuse(error), onSuccess: done },
          );
        return;
      }
      const counted = typedNumber(values.quantity);
      const difference = counted === undefined || held === undefined ? counted : counted - held.onHand;
      if (difference === 0) {
        form.showFieldErrors({ quantity: PARTS_TEXTS.adjustDialog.same });
        return;
      }
      const body = { storeId, quantity: difference, reason: values.reason };
      const checked = await form.check((schemas) => schemas.adjustmentBody, body);
      if (checked)
        adjust.mutate({ id: part.id, body: checked, key }, { onError: (error) => form.refuse(error), onSuccess: done });
    });

  const input = (field: keyof Values, label: string, options: { hint?: string; required?: boolean } = {}) => (
    <Field label={label} required={options.required} error={form.errors[field]} hint={options.hint}>
      {(control) => (
        <Input
          {...control}
          autoComplete="off"
          inputMode={field === 'quantity' || field === 'unitCost' ? 'decimal' : undefined}
          value={values[field]}
          onChange={(event) => change(field, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant={kind === 'receipt' ? 'primary' : 'outline'}>
          {kind === 'receipt' ? (
            <PackagePlus className="size-5" aria-hidden="true" />
          ) : (
            <PencilRuler className="size-5" aria-hidden="true" />
          )}
          {kind === 'receipt' ? PARTS_TEXTS.receive : PARTS_TEXTS.adjust}
        </Button>
      </DialogTrigger>
      <DialogContent title={T.title(part.partNumber)}>
        <form ref={form.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.title(part.partNumber)}>
          <FormProblemAlert problem={form.alert} />
          <Field label={T.store} required error={form.errors.storeId}>
            {(control) => (
              <Select {...control} value={values.storeId} onChange={(event) => change('storeId', event.target.value)}>
                <option value="">{PARTS_TEXTS.receiveDialog.chooseStore}</option>
                {choices.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {kind === 'receipt' ? (
            <>
              {input('quantity', PARTS_TEXTS.receiveDialog.quantity, { required: true, hint: part.unit })}
              {input('unitCost', PARTS_TEXTS.receiveDialog.unitCost, { hint: PARTS_TEXTS.receiveDialog.unitCostHint })}
              {input('bin', PARTS_TEXTS.receiveDialog.bin)}
              {input('reference', PARTS_TEXTS.receiveDialog.reference)}
            </>
          ) : (
            <>
              {input('quantity', PARTS_TEXTS.adjustDialog.counted, {
                required: true,
                hint: held ? PARTS_TEXTS.adjustDialog.countedHint(formatQuantity(held.onHand, part.unit)) : part.unit,
              })}
              {input('reason', PARTS_TEXTS.adjustDialog.reason, {
                required: true,
                hint: PARTS_TEXTS.adjustDialog.reasonHint,
              })}
            </>
          )}
          <FormActions>
            <Button variant="outline" onClick={() => openChange(false)}>
              {PARTS_TEXTS.cancel}
            </Button>
            <SubmitButton busy={busy} busyLabel={T.busy}>
              {T.submit}
            </SubmitButton>
          </FormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
