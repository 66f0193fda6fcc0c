import type { Part } from '@common/schemas/parts';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/components/use-contract-form';
import { useDebouncedValue } from '@/components/use-debounced-value';
import { newActionKey } from '@/lib/action-key';
import { contractSchemas } from '@/lib/contract-schemas';
import { formatQuantity } from '@/lib/format';
import { isQueued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';
import { toast } from '@/lib/toast';
import { typedNumber } from '@/lib/typed-number';
import { useReservePart } from '../api/part-writes';
import { useParts } from '../api/parts';
import { PARTS_TEXTS } from '../texts';

const T = PARTS_TEXTS.workOrder.addDialog;
const FIELDS = ['partId', 'storeId', 'quantity'];
const EMPTY = { search: '', partId: '', storeId: '', quantity: '1' };

/**
 * 'Add part': the parts that fit the valve first (a work order suggests them), or any part found by number, name or
 * model; then the store to take it from (with what each has available) and how many. Reserving holds them there.
 */
export function ReservePartDialog({ workOrderId, model }: { workOrderId: number; model: string }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [key, setKey] = useState(newActionKey);
  const search = useDebouncedValue(values.search.trim(), 300);
  // Read only while the dialog is open: the suggestions, or what the search finds.
  const suggested = useParts({ fits: model || undefined }, { enabled: open && !search });
  const found = useParts({ q: search }, { enabled: open && Boolean(search) });
  const choices: Part[] = search ? (found.data ?? []) : (suggested.data ?? []);
  const reserve = useReservePart(workOrderId);
  const form = useContractForm({ schemas: contractSchemas.parts, fields: FIELDS, failedTitle: T.failed });
  const busy = reserve.isPending || form.checking;
  const part = choices.find((p) => String(p.id) === values.partId);

  const change = (field: keyof typeof EMPTY, value: string) => {
    setValues((v) => ({ ...v, [field]: value, ...(field === 'partId' ? { storeId: '' } : {}) }));
    if (field !== 'search') form.clear(field);
  };
  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setValues(EMPTY);
      form.reset();
      setKey(newActionKey());
    }
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = {
        partId: values.partId ? Number(values.partId) : undefined,
        storeId: values.storeId ? Number(values.storeId) : undefined,
        quantity: typedNumber(values.quantity),
      };
      const checked = await form.check((schemas) => schemas.reservePartBody, body);
      if (!checked) return;
      reserve.mutate(
        { body: checked, key },
        {
          onError: (error) => form.refuse(error),
          onSuccess: (line) => {
            const amount = formatQuantity(checked.quantity, part?.unit ?? 'each');
            if (isQueued(line)) toastQueued(T.queued(amount, part?.partNumber ?? ''));
            else toast({ title: T.done(amount, line.partNumber) });
            openChange(false);
          },
        },
      );
    });

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button className="w-full sm:w-auto">
          <Plus className="size-5" aria-hidden="true" />
          {PARTS_TEXTS.workOrder.add}
        </Button>
      </DialogTrigger>
      <DialogContent title={T.title}>
        <form ref={form.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.title}>
          <FormProblemAlert problem={form.alert} />
          <Field label={T.search} hint={search ? undefined : PARTS_TEXTS.workOrder.suggested}>
            {(control) => (
              <Input
                {...control}
                type="search"
                autoComplete="off"
                placeholder={T.searchHint}
                value={values.search}
                onChange={(event) => change('search', event.target.value)}
              />
            )}
          </Field>
          <Field label={T.part} required error={form.errors.partId}>
            {(control) => (
              <Select {...control} value={values.partId} onChange={(event) => change('partId', event.target.value)}>
                <option value="">{T.choosePart}</option>
                {choices.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.partNumber} · {p.name} ({formatQuantity(p.available, p.unit)})
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={T.store} required error={form.errors.storeId}>
            {(control) => (
              <Select
                {...control}
                value={values.storeId}
                disabled={!part}
                onChange={(event) => change('storeId', event.target.value)}
              >
                <option value="">{T.chooseStore}</option>
                {part?.stock.map((s) => (
                  <option key={s.storeId} value={s.storeId}>
                    {T.storeOption(s.store, formatQuantity(s.available, part.unit))}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={T.quantity} required error={form.errors.quantity} hint={part?.unit}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                value={values.quantity}
                onChange={(event) => change('quantity', event.target.value)}
              />
            )}
          </Field>
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
