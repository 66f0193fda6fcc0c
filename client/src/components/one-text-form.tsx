import { type FormEvent, type ReactNode, useState } from 'react';
import { FormActions, FormAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { fieldErrors, readApiError } from '@/lib/api-error';

/** Why a send did not go through: a message for the text's field, or for the whole form. */
export type TextRefusal = { field?: string; form?: string };

/** A failed write as a refusal: the server's word on the field (`field` as the body names it), else its message. */
export function refusalOf(error: unknown, field: string): TextRefusal {
  const failure = readApiError(error);
  const onField = fieldErrors(failure.issues)[field];
  return onField ? { field: onField } : { form: failure.message };
}

type OneTextFormProps = {
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
  /** A send under way elsewhere (the mutation, the contract check). */
  busy: boolean;
  /** Sends the text; null when it went through, else what to show. */
  onSubmit: (text: string) => Promise<TextRefusal | null>;
  onCancel: () => void;
};

/**
 * The dialogs that ask one required text (a note, why an order is cancelled, why a record is deleted): the field,
 * its error, the form's error and the two buttons, the same in each.
 */
export function OneTextForm({ busy, onSubmit, onCancel, ...texts }: OneTextFormProps) {
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<TextRefusal>({});
  const [sending, setSending] = useState(false);
  const working = busy || sending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (working) return;
    setSending(true);
    try {
      setRefusal((await onSubmit(text)) ?? {});
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {texts.intro}
      {refusal.form ? <FormAlert title={texts.failedTitle}>{refusal.form}</FormAlert> : null}
      <Field label={texts.label} required error={refusal.field}>
        {(control) => (
          <Textarea
            {...control}
            rows={texts.rows}
            autoFocus
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setRefusal(({ form }) => ({ form }));
            }}
            placeholder={texts.placeholder}
          />
        )}
      </Field>
      <FormActions>
        <Button variant="outline" onClick={onCancel} disabled={working}>
          {texts.cancelLabel}
        </Button>
        <SubmitButton variant={texts.danger ? 'danger' : 'primary'} busy={working} busyLabel={texts.busyLabel}>
          {texts.submitLabel}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
