import { type FormEvent, useState } from 'react';
import { FormAlert, SubmitButton } from '@/components/form-parts';
import { Field } from '@/components/ui/field';
import { EmailInput, Input } from '@/components/ui/input';
import { useRevealProblem } from '@/components/use-reveal-problem';
import { formFailure, missingFields } from '@/lib/form-failure';
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
  const [missing, setMissing] = useState<Record<string, string>>({});

  const failure = signUp.error ? formFailure(signUp.error, LABELS) : null;
  const errors: Record<string, string | undefined> = { ...failure?.fields, ...missing };
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    setMissing(({ [name]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = missingFields(values, LABELS);
    setMissing(empty);
    if (Object.keys(empty).length > 0) return reveal.failed();
    signUp.mutate({ ...values, email: values.email.trim() }, { onError: reveal.failed });
  };

  return (
    <form ref={reveal.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.title}>
      {failure?.alert ? <FormAlert title={T.failed}>{failure.alert}</FormAlert> : null}
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
      <SubmitButton busy={signUp.isPending} busyLabel={T.busy} className="w-full">
        {T.submit}
      </SubmitButton>
    </form>
  );
}
