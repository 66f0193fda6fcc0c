import { type FormEvent, useState } from 'react';
import { FormAlert, SubmitButton } from '@/components/form-parts';
import { Field } from '@/components/ui/field';
import { EmailInput } from '@/components/ui/input';
import { useRevealProblem } from '@/components/use-reveal-problem';
import { useLabelledCheck } from '@/components/use-write-form';
import { withoutBlanks } from '@/lib/contract-check';
import { contractSchemas } from '@/lib/contract-schemas';
import { formFailure } from '@/lib/form-failure';
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
  const contract = useLabelledCheck(LABELS, contractSchemas.auth);
  const busy = signIn.isPending || contract.checking;

  const failure = signIn.error ? formFailure(signIn.error, LABELS) : null;
  const errors = { ...failure?.fields, ...contract.refused.fields };
  const alert = contract.refused.alert ?? failure?.alert;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const body = await contract.check(
      contractSchemas.auth.check((schemas) => schemas.signInBody, withoutBlanks({ email, password })),
    );
    if (body === null) return reveal.failed();
    signIn.mutate(body, { onError: reveal.failed });
  };

  return (
    <form ref={reveal.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.title}>
      {alert ? <FormAlert title={T.failed}>{alert}</FormAlert> : null}
      <Field label={T.email} required error={errors.email}>
        {(control) => (
          <EmailInput
            {...control}
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              contract.clear('email');
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
              contract.clear('password');
            }}
          />
        )}
      </Field>
      <SubmitButton busy={busy} busyLabel={T.busy} className="w-full">
        {T.submit}
      </SubmitButton>
    </form>
  );
}
