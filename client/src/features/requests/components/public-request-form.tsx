import type { WorkRequestReceipt } from '@common/schemas/requests';
import { RotateCw, Send, WifiOff } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormAlert, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import { contractSchemas } from '@/lib/contract-schemas';
import { useSendPublicRequest } from '../api/public-requests';
import { REQUEST_TEXTS } from '../texts';
import { EMPTY_DRAFT, type RequestDraft, RequestFields } from './request-fields';
import { SentReceipt } from './sent-receipt';

const T = REQUEST_TEXTS.public;
const FIELDS = ['description', 'photo', 'name', 'contact'];

/**
 * The report by the valve's request QR, from anyone's phone. With no signal nothing is queued (the sender has no
 * account and may never open the page again): the page says it was not sent and keeps what they typed, and the
 * retry reuses the report's Idempotency-Key, so a report whose answer was lost lands once.
 */
export function PublicRequestForm({ token }: { token: string }) {
  const [draft, setDraft] = useState<RequestDraft>(EMPTY_DRAFT);
  const [key, setKey] = useState(newActionKey);
  const [receipt, setReceipt] = useState<WorkRequestReceipt | null>(null);
  const [notSent, setNotSent] = useState(false);
  const send = useSendPublicRequest();
  const form = useContractForm({ schemas: contractSchemas.requests, fields: FIELDS, failedTitle: T.failed });
  const busy = send.isPending || form.checking;

  const change = (next: Partial<RequestDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    for (const field of Object.keys(next)) form.clear(field);
  };

  const deliver = async () => {
    setNotSent(false);
    const checked = await form.check((schemas) => schemas.workRequestBody, {
      labelToken: token,
      description: draft.description,
      photo: draft.photo,
      name: draft.name.trim() || null,
      contact: draft.contact.trim() || null,
    });
    if (!checked) return;
    send.mutate(
      { body: checked, key },
      {
        onSuccess: setReceipt,
        onError: (error) =>
          form.refuse(error, T.failed, (failure) => {
            if (failure.status === null) {
              form.reset();
              setNotSent(true);
              return true;
            }
            // The server's words say how long to wait; they are the message, under a title that names the limit.
            if (failure.status === 429) form.showFieldErrors({}, { title: T.tooMany, detail: failure.message });
            return failure.status === 429;
          }),
      },
    );
  };

  if (receipt) {
    return (
      <SentReceipt
        statusPath={receipt.statusPath}
        onAnother={() => {
          setReceipt(null);
          setDraft(EMPTY_DRAFT);
          setKey(newActionKey());
        }}
      />
    );
  }

  return (
    <form
      ref={form.ref}
      noValidate
      onSubmit={(event: FormEvent) => form.submit(event, busy, deliver)}
      className="grid gap-4"
    >
      <FormProblemAlert problem={form.alert} />
      {notSent ? (
        <FormAlert title={T.notSentTitle}>
          <p className="flex items-start gap-2 text-base">
            <WifiOff className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            {T.notSentOffline}
          </p>
          <Button variant="outline" className="mt-3 w-full" onClick={() => void deliver()} disabled={busy}>
            <RotateCw className="size-5" aria-hidden="true" />
            {T.tryAgain}
          </Button>
        </FormAlert>
      ) : null}
      <RequestFields draft={draft} errors={form.errors} busy={busy} askWho onChange={change} />
      <SubmitButton busy={busy} busyLabel={T.sending} className="min-h-14 w-full text-lg font-bold">
        <Send className="size-6" aria-hidden="true" />
        {T.send}
      </SubmitButton>
    </form>
  );
}
