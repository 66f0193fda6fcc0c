import { type FormEvent, useState } from 'react';
import { FormAlert, SubmitButton } from '@/components/form-parts';
import { Field } from '@/components/ui/field';
import { EmailInput } from '@/components/ui/input';
import { useRevealProblem } from '@/components/use-reveal-problem';
import { formFailure, missingFields } from '@/lib/form-failure';
import { useSignIn } from '../api/sign-in';
import { AUTH_TEXTS } from '../texts';
import { PasswordInput } from './password-input';

const T = AUTH_TEXTS.signIn;
const LABELS = { email: T.email, password: T.password };

/** Email and password. Success updates the session; the sign-in page then moves on to where the user was going. */
export function SignInForm() {
  const signIn = useSignIn();
  const reveal = useRevealProblem();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<Record<string, string>>({});

  const failure = signIn.error ? formFailure(signIn.error, LABELS) : null;
  const errors = { ...failure?.fields, ...missing };

  const clearMissing = (name: string) => setMissing(({ [name]: _, ...rest }) => rest);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = missingFields({ email, password }, LABELS);
    setMissing(empty);
    if (Object.keys(empty).length > 0) return reveal.failed();
    signIn.mutate({ email: email.trim(), password }, { onError: reveal.failed });
  };

  return (
    <form ref={reveal.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.title}>
      {failure?.alert ? <FormAlert title={T.failed}>{failure.alert}</FormAlert> : null}
      <Field label={T.email} required error={errors.email}>
        {(control) => (
          <EmailInput
            {...control}
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              clearMissing('email');
            }}
          />
        )}
      </Field>
      <Field label={T.password} required error={errors.password}>
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              clearMissing('password');
            }}
          />
        )}
      </Field>
      <SubmitButton busy={signIn.isPending} busyLabel={T.busy} className="w-full">
        {T.submit}
      </SubmitButton>
    </form>
  );
}
