import type { WorkRequest } from '@common/schemas/requests';
import { type FormEvent, useState } from 'react';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/components/use-contract-form';
import { contractSchemas } from '@/lib/contract-schemas';
import { toast } from '@/lib/toast';
import { useDecideRequest } from '../api/requests';
import { REQUEST_TEXTS } from '../texts';
import { DecisionFrame } from './decision-frame';

const T = REQUEST_TEXTS.reject;
const FIELDS = ['reason'];

type Props = { request: WorkRequest; open: boolean; onOpenChange: (open: boolean) => void };

/** Reject, with the reason the sender reads on their status link (required: a bare "no" helps no one). */
export function RejectDialog({ request, open, onOpenChange }: Props) {
  const [reason, setReason] = useState('');
  const decide = useDecideRequest(request.id);
  const form = useContractForm({ schemas: contractSchemas.requests, fields: FIELDS, failedTitle: T.failed });
  const busy = decide.isPending || form.checking;

  const openChange = (next: boolean) => {
    onOpenChange(next);
    if (!next) form.reset();
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = await form.check((schemas) => schemas.rejectRequestBody, { reason });
      if (!body) return;
      decide.mutate(
        { kind: 'reject', body },
        {
          onError: (error) => form.refuse(error),
          onSuccess: () => {
            toast({ title: T.done });
            openChange(false);
          },
        },
      );
    });

  return (
    <DecisionFrame
      title={T.title}
      intro={T.intro}
      open={open}
      onOpenChange={openChange}
      form={form}
      busy={busy}
      submit={{ label: T.submit, busyLabel: T.busy, variant: 'danger' }}
      onSubmit={submit}
    >
      <Field label={T.reason} required error={form.errors.reason}>
        {(control) => (
          <Textarea
            {...control}
            maxLength={500}
            placeholder={T.reasonPlaceholder}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              form.clear('reason');
            }}
          />
        )}
      </Field>
    </DecisionFrame>
  );
}
