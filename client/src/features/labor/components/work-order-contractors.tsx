import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeletons } from '@/components/ui/skeleton';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import { contractSchemas } from '@/lib/contract-schemas';
import { formatMoney } from '@/lib/format';
import { useCan } from '@/lib/session/use-can';
import { toast } from '@/lib/toast';
import { typedNumber } from '@/lib/typed-number';
import { useAddContractorCost, useContractorCosts } from '../api/labor';
import { LABOR_TEXTS } from '../texts';

const T = LABOR_TEXTS.contractors;
const FIELDS = ['supplier', 'invoiceNumber', 'amount', 'note'];
const EMPTY = { supplier: '', invoiceNumber: '', amount: '', note: '' };

/** A work order's contractors' invoices; supervisors and admins add them. */
export function WorkOrderContractors({ workOrderId }: { workOrderId: number }) {
  const invoices = useContractorCosts(workOrderId);
  const canAdd = useCan('work-orders:assign');
  if (invoices.isPending) return <Skeletons count={1} label={T.title} itemClassName="h-14" />;
  if (invoices.isError) return <LoadError error={invoices.error} onRetry={() => invoices.refetch()} />;
  return (
    <div className="grid gap-3">
      {canAdd ? <AddInvoiceDialog workOrderId={workOrderId} /> : null}
      {invoices.data.length === 0 ? (
        <EmptyState>{T.none}</EmptyState>
      ) : (
        <ul aria-label={T.title} className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {invoices.data.map((invoice) => (
            <li key={invoice.id} className="grid gap-0.5 p-3">
              <span className="flex flex-wrap justify-between gap-2">
                <span className="font-semibold text-slate-900">{invoice.supplier}</span>
                <span className="text-slate-800">{formatMoney(invoice.amount, invoice.currency)}</span>
              </span>
              <span className="text-sm text-slate-600">
                {invoice.invoiceNumber}
                {invoice.note ? ` · ${invoice.note}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AddInvoiceDialog({ workOrderId }: { workOrderId: number }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [key, setKey] = useState(newActionKey);
  const add = useAddContractorCost(workOrderId);
  const form = useContractForm({ schemas: contractSchemas.labor, fields: FIELDS, failedTitle: T.failed });
  const busy = add.isPending || form.checking;
  const change = (field: keyof typeof EMPTY, value: string) => {
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
  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const amount = typedNumber(values.amount);
      const body = { ...values, amount, note: values.note || null };
      const checked = await form.check((schemas) => schemas.contractorCostBody, body);
      if (!checked) return;
      add.mutate(
        { body: checked, key },
        {
          onError: (error) => form.refuse(error),
          onSuccess: (invoice) => {
            toast({ title: T.added(invoice.supplier) });
            openChange(false);
          },
        },
      );
    });
  const input = (field: keyof typeof EMPTY, label: string, required = true) => (
    <Field label={label} required={required} error={form.errors[field]}>
      {(control) => (
        <Input
          {...control}
          autoComplete="off"
          inputMode={field === 'amount' ? 'decimal' : undefined}
          value={values[field]}
          onChange={(event) => change(field, event.target.value)}
        />
      )}
    </Field>
  );
  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full sm:w-auto">
          <Plus className="size-5" aria-hidden="true" />
          {T.add}
        </Button>
      </DialogTrigger>
      <DialogContent title={T.dialogTitle}>
        <form ref={form.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.dialogTitle}>
          <FormProblemAlert problem={form.alert} />
          {input('supplier', T.supplier)}
          {input('invoiceNumber', T.invoiceNumber)}
          {input('amount', T.amount)}
          {input('note', T.note, false)}
          <FormActions>
            <Button variant="outline" onClick={() => openChange(false)}>
              Cancel
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
