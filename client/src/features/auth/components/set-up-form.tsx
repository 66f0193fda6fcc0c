import { type FormEvent, useState } from 'react';
import { FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { TimeZoneSelect } from '@/components/time-zone-select';
import { Field } from '@/components/ui/field';
import { EmailInput, Input } from '@/components/ui/input';
import { useContractForm } from '@/components/use-contract-form';
import { withoutBlanks } from '@/lib/contract-check';
import { contractSchemas } from '@/lib/contract-schemas';
import { deviceZone } from '@/lib/time-zones';
import { useSignUp } from '../api/sign-up';
import { AUTH_TEXTS } from '../texts';
import { PasswordField } from './password-input';

const T = AUTH_TEXTS.setUp;
const EMPTY = { organizationName: '', plantName: '', timeZone: '', name: '', email: '', password: '' };

/**
 * The first visit of an empty installation: the visitor creates the organization with its first plant, in the
 * device's zone unless they pick another, and becomes its admin.
 */
export function SetUpForm() {
  const signUp = useSignUp();
  const [values, setValues] = useState(() => ({ ...EMPTY, timeZone: deviceZone() }));
  const form = useContractForm({ schemas: contractSchemas.auth, fields: Object.keys(EMPTY), failedTitle: T.failed });
  const busy = signUp.isPending || form.checking;
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    form.clear(name);
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      // The contract names the plant after the organization when left out; this form asks for it.
      const own = values.plantName.trim() ? [] : [{ path: 'plantName', message: 'is required' }];
      const body = await form.check((schemas) => schemas.signUpBody, withoutBlanks(values), own);
      if (body) signUp.mutate(body, { onError: (error) => form.refuse(error) });
    });

  return (
    <form ref={form.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.title}>
      <FormProblemAlert problem={form.alert} />
      <Field label={T.organizationName} required error={form.errors.organizationName}>
        {(control) => (
          <Input
            {...control}
            name="organization"
            autoComplete="organization"
            value={values.organizationName}
            onChange={set('organizationName')}
          />
        )}
      </Field>
      <Field label={T.plantName} hint={T.plantNameHint} required error={form.errors.plantName}>
        {(control) => (
          <Input {...control} name="plant" autoComplete="off" value={values.plantName} onChange={set('plantName')} />
        )}
      </Field>
      <Field label={T.timeZone} hint={T.timeZoneHint} required error={form.errors.timeZone}>
        {(control) => (
          <TimeZoneSelect
            {...control}
            name="timeZone"
            value={values.timeZone}
            onChange={(zone) => set('timeZone')({ target: { value: zone } })}
          />
        )}
      </Field>
      <Field label={T.name} required error={form.errors.name}>
        {(control) => <Input {...control} name="name" autoComplete="name" value={values.name} onChange={set('name')} />}
      </Field>
      <Field label={T.email} required error={form.errors.email}>
        {(control) => (
          <EmailInput {...control} name="email" autoComplete="username" value={values.email} onChange={set('email')} />
        )}
      </Field>
      <PasswordField
        label={T.password}
        isNew
        error={form.errors.password}
        value={values.password}
        onChange={(value) => set('password')({ target: { value } })}
      />
      <SubmitButton busy={busy} busyLabel={T.busy} className="w-full">
        {T.submit}
      </SubmitButton>
    </form>
  );
}
