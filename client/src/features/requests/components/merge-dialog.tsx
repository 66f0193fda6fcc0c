import type { WorkRequest } from '@common/schemas/requests';
import { type FormEvent, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { FormDialog } from '@/components/form-dialog';
import { LoadError } from '@/components/load-error';
import { Skeletons } from '@/components/ui/skeleton';
import { useContractForm } from '@/components/use-contract-form';
import { cn } from '@/lib/cn';
import { contractSchemas } from '@/lib/contract-schemas';
import { toast } from '@/lib/toast';
import { useDecideRequest, useOpenWorkOrdersOf } from '../api/requests';
import { REQUEST_TEXTS } from '../texts';

const T = REQUEST_TEXTS.merge;
const FIELDS = ['workOrderId'];

type Props = { request: WorkRequest; open: boolean; onOpenChange: (open: boolean) => void };

/** Merge: the request joins an open work order of its valve (pending or in progress), chosen from a short list. */
export function MergeDialog({ request, open, onOpenChange }: Props) {
  const [chosen, setChosen] = useState<number | null>(null);
  const orders = useOpenWorkOrdersOf(request.valve.id, open);
  const decide = useDecideRequest(request.id);
  const form = useContractForm({ schemas: contractSchemas.requests, fields: FIELDS, failedTitle: T.failed });
  const busy = decide.isPending || form.checking;

  const openChange = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      form.reset();
      setChosen(null);
    }
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      // Nothing chosen is the form's to say: the contract would read the empty choice as "must be a number".
      const own = chosen === null ? [{ path: 'workOrderId', message: REQUEST_TEXTS.required }] : [];
      const body = await form.check((schemas) => schemas.mergeRequestBody, { workOrderId: chosen ?? undefined }, own);
      if (!body) return;
      decide.mutate(
        { kind: 'merge', body },
        {
          onError: (error) => form.refuse(error),
          onSuccess: (decided) => {
            toast({ title: T.done(decided.workOrder?.workOrderId ?? '') });
            openChange(false);
          },
        },
      );
    });

  return (
    <FormDialog
      title={T.title}
      intro={T.intro(request.valve.valveId)}
      open={open}
      onOpenChange={openChange}
      form={form}
      cancelLabel={REQUEST_TEXTS.triage.cancel}
      busy={busy}
      submit={{ label: T.submit, busyLabel: T.busy, disabled: !orders.data?.length }}
      onSubmit={submit}
    >
      {orders.error ? (
        <LoadError error={orders.error} onRetry={() => orders.refetch()} />
      ) : !orders.data ? (
        <Skeletons count={2} label={T.loading} itemClassName="h-14" />
      ) : orders.data.length === 0 ? (
        <EmptyState>{T.none}</EmptyState>
      ) : (
        <fieldset className="grid gap-2" aria-invalid={Boolean(form.errors.workOrderId)}>
          <legend className="mb-1.5 text-base font-semibold text-slate-900">{T.choose}</legend>
          {orders.data.map((order) => (
            <label
              key={order.id}
              className={cn(
                'flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2',
                chosen === order.id ? 'border-brand-600 bg-brand-50' : 'border-slate-300',
              )}
            >
              <input
                type="radio"
                name="workOrderId"
                className="size-5 shrink-0"
                checked={chosen === order.id}
                onChange={() => {
                  setChosen(order.id);
                  form.clear('workOrderId');
                }}
              />
              <span className="min-w-0">
                <span className="block font-semibold">{order.workOrderId}</span>
                <span className="block text-sm break-words text-slate-700">{order.title}</span>
              </span>
            </label>
          ))}
          {form.errors.workOrderId ? (
            <p className="text-sm font-semibold text-red-700">{`${T.choose} ${form.errors.workOrderId}`}</p>
          ) : null}
        </fieldset>
      )}
    </FormDialog>
  );
}
