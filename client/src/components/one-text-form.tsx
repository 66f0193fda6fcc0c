import { type FormEvent, type ReactNode, useState } from 'react';
import type { ZodType } from 'zod';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import type { ApiIssue } from '@/lib/api-error';
import type { LazySchemas } from '@/lib/contract-check';
import { useContractForm } from './use-contract-form';

type OneTextFormProps<Schemas, Body, Input> = {
  label: string;
  placeholder: string;
  rows: number;
  /** Said above the field (what the write will do). */
  intro?: ReactNode;
  failedTitle: string;
  cancelLabel: string;
  submitLabel: string;
  busyLabel: string;
  danger?: boolean;
  /** The endpoint's schema file, the schema in it, and the body's name for the text ('reason', 'text'). */
  schemas: LazySchemas<Schemas>;
  pick: (schemas: Schemas) => ZodType<Body, Input>;
  field: string;
  /** The body the text makes, and the form's own issues with it (what the contract cannot word). */
  bodyOf: (text: string) => Partial<Input>;
  ownIssues?: (text: string) => ApiIssue[];
  /** Sends the checked body; a thrown API error is the server's refusal, shown on the field or in the alert. */
  send: (body: Body) => Promise<void>;
  onCancel: () => void;
};

/**
 * The dialogs that ask one required text (a note, why an order is cancelled, why a record is deleted): the field,
 * its error, the form's error and the two buttons, the same in each, on useContractForm.
 */
export function OneTextForm<Schemas, Body, Input>({
  schemas,
  pick,
  field,
  bodyOf,
  ownIssues,
  send,
  onCancel,
  ...texts
}: OneTextFormProps<Schemas, Body, Input>) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const form = useContractForm({ schemas, fields: [field], failedTitle: texts.failedTitle });
  const busy = sending || form.checking;

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = await form.check(pick, bodyOf(text), ownIssues?.(text));
      if (!body) return;
      setSending(true);
      try {
        await send(body);
      } catch (error) {
        form.refuse(error);
      } finally {
        setSending(false);
      }
    });

  return (
    <form ref={form.ref} onSubmit={submit} noValidate className="grid gap-4">
      {texts.intro}
      <FormProblemAlert problem={form.alert} />
      <Field label={texts.label} required error={form.errors[field]}>
        {(control) => (
          <Textarea
            {...control}
            rows={texts.rows}
            autoFocus
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              form.clear(field);
            }}
            placeholder={texts.placeholder}
          />
        )}
      </Field>
      <FormActions>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {texts.cancelLabel}
        </Button>
        <SubmitButton variant={texts.danger ? 'danger' : 'primary'} busy={busy} busyLabel={texts.busyLabel}>
          {texts.submitLabel}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
