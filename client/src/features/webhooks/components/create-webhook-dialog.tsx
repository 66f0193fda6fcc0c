import { WEBHOOK_EVENTS, type WebhookEvent } from '@common/schemas/webhooks';
import { Webhook } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { CopyOnce } from '@/components/copy-once';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useContractForm } from '@/components/use-contract-form';
import { contractSchemas } from '@/lib/contract-schemas';
import { useCreateWebhook } from '../api/create-webhook';
import { WEBHOOK_TEXTS } from '../texts';

const T = WEBHOOK_TEXTS.createDialog;
const FIELDS = ['url', 'events', 'description'];

type Values = { url: string; description: string; events: WebhookEvent[] };
const EMPTY: Values = { url: '', description: '', events: [] };

/** 'New webhook': an address, the events it wants, a description; then its signing secret, this once. */
export function CreateWebhookDialog() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(EMPTY);
  const create = useCreateWebhook();
  const form = useContractForm({ schemas: contractSchemas.webhooks, fields: FIELDS, failedTitle: T.failed });
  const busy = create.isPending || form.checking;

  const change = (next: Partial<Values>) => {
    setValues((v) => ({ ...v, ...next }));
    for (const field of Object.keys(next)) form.clear(field);
  };
  const toggle = (event: WebhookEvent, on: boolean) =>
    change({ events: on ? [...values.events, event] : values.events.filter((e) => e !== event) });

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setValues(EMPTY);
      form.reset();
      // The secret leaves memory with the dialog: it is never shown again.
      create.reset();
    }
  };

  const submit = (event: FormEvent) => {
    const body = { url: values.url.trim(), events: values.events, description: values.description || undefined };
    return form.submit(event, busy, async () => {
      const checked = await form.check((schemas) => schemas.createWebhookBody, body);
      if (!checked) return;
      create.mutate(checked, { onError: (error) => form.refuse(error) });
    });
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button>
          <Webhook className="size-5" aria-hidden="true" />
          {WEBHOOK_TEXTS.add}
        </Button>
      </DialogTrigger>
      <DialogContent title={T.title}>
        {create.data ? (
          <CopyOnce
            ready={T.ready}
            warning={T.warning}
            label={T.secret}
            value={create.data.secret}
            texts={T}
            onDone={() => openChange(false)}
          />
        ) : (
          <form ref={form.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.title}>
            <FormProblemAlert problem={form.alert} />
            <Field label={T.url} required error={form.errors.url} hint={T.urlHint}>
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  autoComplete="off"
                  value={values.url}
                  onChange={(event) => change({ url: event.target.value })}
                />
              )}
            </Field>
            <fieldset className="grid gap-2" aria-invalid={Boolean(form.errors.events)}>
              <legend className="mb-1.5 text-base font-semibold text-slate-900">{T.events}</legend>
              {WEBHOOK_EVENTS.map((event) => (
                <label key={event} className="flex min-h-12 cursor-pointer items-center gap-3">
                  <input
                    type="checkbox"
                    className="size-6 shrink-0 accent-brand-700"
                    checked={values.events.includes(event)}
                    onChange={(e) => toggle(event, e.target.checked)}
                  />
                  <span>
                    <span className="block text-base text-slate-900">{WEBHOOK_TEXTS.events[event]}</span>
                    <code className="block font-mono text-sm text-slate-600">{event}</code>
                  </span>
                </label>
              ))}
              {form.errors.events ? <p className="text-sm text-red-700">{form.errors.events}</p> : null}
            </fieldset>
            <Field label={T.description} error={form.errors.description} hint={T.descriptionHint}>
              {(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  value={values.description}
                  onChange={(event) => change({ description: event.target.value })}
                />
              )}
            </Field>
            <FormActions>
              <Button variant="outline" onClick={() => openChange(false)}>
                {WEBHOOK_TEXTS.cancel}
              </Button>
              <SubmitButton busy={busy} busyLabel={T.busy}>
                {T.submit}
              </SubmitButton>
            </FormActions>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
