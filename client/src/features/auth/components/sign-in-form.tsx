import { type FormEvent, useState } from 'react';
import { FormAlert, SubmitButton } from '@/components/form-parts';
import { Field } from '@/components/ui/field';
import { EmailInput } from '@/components/ui/input';
import { useLabelledForm } from '@/components/use-labelled-form';
import { withoutBlanks } from '@/lib/contract-check';
import { contractSchemas } from '@/lib/contract-schemas';
import { organizationsToChoose, signInAlertTitle, useSignIn } from '../api/sign-in';
import { AUTH_TEXTS } from '../texts';
import { OrganizationChoice } from './organization-choice';
import { PasswordField } from './password-input';

const T = AUTH_TEXTS.signIn;
const LABELS = { email: T.email, password: T.password };

/**
 * Email and password. Success updates the session; the sign-in page then moves on to where the user was going.
 * When they open accounts in several organizations, the user picks one and the same sign-in goes again with it.
 */
export function SignInForm() {
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useLabelledForm(LABELS, contractSchemas.auth, signIn);
  const organizations = organizationsToChoose(signIn.error);
  const alertTitle = signInAlertTitle(signIn.error);
  const sent = signIn.variables;

  const submit = (event: FormEvent) =>
    form.submit(
      event,
      contractSchemas.auth.check((schemas) => schemas.signInBody, withoutBlanks({ email, password })),
      (body) => signIn.mutate(body, { onError: form.failed }),
    );

  return (
    <form ref={form.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.title}>
      {form.alert && !organizations ? <FormAlert title={alertTitle}>{form.alert}</FormAlert> : null}
      <Field label={T.email} required error={form.errors.email}>
        {(control) => (
          <EmailInput
            {...control}
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              form.clear('email');
              signIn.reset();
            }}
          />
        )}
      </Field>
      <PasswordField
        label={T.password}
        error={form.errors.password}
        value={password}
        onChange={(value) => {
          setPassword(value);
          form.clear('password');
          signIn.reset();
        }}
      />
      {organizations && sent ? (
        <OrganizationChoice
          organizations={organizations}
          busy={form.busy}
          onChoose={(organizationId) => signIn.mutate({ ...sent, organizationId }, { onError: form.failed })}
        />
      ) : (
        <SubmitButton busy={form.busy} busyLabel={T.busy} className="w-full">
          {T.submit}
        </SubmitButton>
      )}
    </form>
  );
}
