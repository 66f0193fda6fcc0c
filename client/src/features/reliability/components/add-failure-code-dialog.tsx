import { FAILURE_CODE_KINDS, type FailureCodeKind } from '@common/failure-codes';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import { contractSchemas } from '@/lib/contract-schemas';
import { toast } from '@/lib/toast';
import { useAddFailureCode } from '../api/failure-codes';
import { RELIABILITY_TEXTS } from '../texts';

const T = RELIABILITY_TEXTS.ownCodes;
const FIELDS = ['kind', 'code', 'label', 'description'];
const EMPTY = { kind: 'mode' as FailureCodeKind, code: '', label: '', description: '' };

/** 'Add a failure code': the organization's own, beside ISO 14224's (a standard code's name is refused). */
export function AddFailureCodeDialog() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [key, setKey] = useState(newActionKey);
  const add = useAddFailureCode();
  const form = useContractForm({ schemas: contractSchemas.reliability, fields: FIELDS, failedTitle: T.addFailed });
  const busy = add.isPending || form.checking;

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setValues(EMPTY);
      form.reset();
      setKey(newActionKey());
    }
  };
  const change = (field: keyof typeof EMPTY, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clear(field);
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const checked = await form.check((schemas) => schemas.failureCodeBody, values);
      if (!checked) return;
      add.mutate(
        { body: checked, key },
        {
          onError: (error) => form.refuse(error),
          onSuccess: () => {
            toast({ title: T.added });
            openChange(false);
          },
        },
      );
    });

  const text = (field: 'code' | 'label' | 'description', label: string, required: boolean, hint?: string) => (
    <Field label={label} required={required} error={form.errors[field]} hint={hint}>
      {(control) => (
        <Input
          {...control}
          autoComplete="off"
          value={values[field]}
          onChange={(event) => change(field, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <FormDialog
      title={T.add}
      open={open}
      onOpenChange={openChange}
      trigger={
        <Button variant="outline" className="w-full sm:w-auto sm:justify-self-start">
          <Plus className="size-5" aria-hidden="true" />
          {T.add}
        </Button>
      }
      form={form}
      busy={busy}
      cancelLabel={T.cancel}
      submit={{ label: T.add, busyLabel: T.adding }}
      onSubmit={submit}
    >
      <Field label={T.kind} required error={form.errors.kind}>
        {(control) => (
          <Select {...control} value={values.kind} onChange={(event) => change('kind', event.target.value)}>
            {FAILURE_CODE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {T.kinds[kind]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {text('code', T.code, true, T.codeHint)}
      {text('label', T.label, true)}
      {text('description', T.description, false)}
    </FormDialog>
  );
}
