import { type FormEvent, useState } from 'react';
import { FormAlert, SubmitButton } from '@/components/form-parts';
import { Field } from '@/components/ui/field';
import { EmailInput, Input } from '@/components/ui/input';
import { useRevealProblem } from '@/components/use-reveal-problem';
import { useLabelledCheck } from '@/components/use-write-form';
import { withoutBlanks } from '@/lib/contract-check';
import { contractSchemas } from '@/lib/contract-schemas';
import { formFailure } from '@/lib/form-failure';
import { useSignUp } from '../api/sign-up';
import { AUTH_TEXTS } from '../texts';
import { PasswordInput } from './password-input';

const T = AUTH_TEXTS.setUp;
const LABELS = { organizationName: T.organizationName, name: T.name, email: T.email, password: T.password };
const EMPTY = { organizationName: '', name: '', email: '', password: '' };

/** The first visit of an empty installation: the visitor creates the organization and becomes its admin. */
export function SetUpForm() {
  const signUp = useSignUp();
  const reveal = useRevealProblem();
  const [values, setValues] = useState(EMPTY);
  const contract = useLabelledCheck(LABELS, contractSchemas.auth);
  const busy = signUp.isPending || contract.checking;

  const failure = signUp.error ? formFailure(signUp.error, LABELS) : null;
  const errors: Record<string, string | undefined> = { ...failure?.fields, ...contract.refused.fields };
  const alert = contract.refused.alert ?? failure?.alert;
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    contract.clear(name);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const body = await contract.check(
      contractSchemas.auth.check((schemas) => schemas.signUpBody, withoutBlanks(values)),
    );
    if (body === null) return reveal.failed();
    signUp.mutate(body, { onError: reveal.failed });
  };

  return (
    <form ref={reveal.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.title}>
      {alert ? <FormAlert title={T.failed}>{alert}</FormAlert> : null}
      <Field label={T.organizationName} required error={errors.organizationName}>
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
      <Field label={T.name} required error={errors.name}>
        {(control) => <Input {...control} name="name" autoComplete="name" value={values.name} onChange={set('name')} />}
      </Field>
      <Field label={T.email} required error={errors.email}>
        {(control) => (
          <EmailInput {...control} name="email" autoComplete="username" value={values.email} onChange={set('email')} />
        )}
      </Field>
      <Field label={T.password} required error={errors.password} hint={AUTH_TEXTS.passwordHint}>
        {(control) => (
          <PasswordInput
            {...control}
            name="new-password"
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
          />
        )}
      </Field>
      <SubmitButton busy={busy} busyLabel={T.busy} className="w-full">
        {T.submit}
      </SubmitButton>
    </form>
  );
}
