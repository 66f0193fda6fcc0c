import { WORK_ORDER_PRIORITIES, type WorkOrderPriority } from '@common/constants';
import type { WorkRequest } from '@common/schemas/requests';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/components/use-contract-form';
import { contractSchemas } from '@/lib/contract-schemas';
import { toast } from '@/lib/toast';
import { useDecideRequest } from '../api/requests';
import { titleFromDescription } from '../status-words';
import { REQUEST_TEXTS } from '../texts';

const T = REQUEST_TEXTS.approve;
const FIELDS = ['title', 'priority'];

type Props = { request: WorkRequest; open: boolean; onOpenChange: (open: boolean) => void };

/** Approve: the request becomes a work order, titled from its description unless the supervisor words it better. */
export function ApproveDialog({ request, open, onOpenChange }: Props) {
  const [title, setTitle] = useState(() => titleFromDescription(request.description));
  const [priority, setPriority] = useState<WorkOrderPriority>('medium');
  const decide = useDecideRequest(request.id);
  const form = useContractForm({ schemas: contractSchemas.requests, fields: FIELDS, failedTitle: T.failed });
  const busy = decide.isPending || form.checking;

  const openChange = (next: boolean) => {
    onOpenChange(next);
    if (!next) form.reset();
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = await form.check((schemas) => schemas.approveRequestBody, { title, priority });
      if (!body) return;
      decide.mutate(
        { kind: 'approve', body },
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
      intro={T.intro}
      open={open}
      onOpenChange={openChange}
      form={form}
      cancelLabel={REQUEST_TEXTS.triage.cancel}
      busy={busy}
      submit={{ label: T.submit, busyLabel: T.busy }}
      onSubmit={submit}
    >
      <Field label={T.workOrderTitle} required error={form.errors.title}>
        {(control) => (
          <Input
            {...control}
            maxLength={200}
            value={title}
            onChange={(event) => {
              setTitle(event.target.value);
              form.clear('title');
            }}
          />
        )}
      </Field>
      <Field label={T.priority} required error={form.errors.priority}>
        {(control) => (
          <Select
            {...control}
            value={priority}
            onChange={(event) => setPriority(event.target.value as WorkOrderPriority)}
          >
            {WORK_ORDER_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {T.priorities[p]}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </FormDialog>
  );
}
