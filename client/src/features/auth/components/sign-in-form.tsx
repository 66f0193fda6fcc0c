import { type FormEvent, useState } from 'react';
import { FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Field } from '@/components/ui/field';
import { EmailInput } from '@/components/ui/input';
import { useContractForm } from '@/components/use-contract-form';
import { withoutBlanks } from '@/lib/contract-check';
import { contractSchemas } from '@/lib/contract-schemas';
import { organizationsToChoose, signInAlertTitle, useSignIn } from '../api/sign-in';
import { AUTH_TEXTS } from '../texts';
import { OrganizationChoice } from './organization-choice';
import { PasswordField } from './password-input';

const T = AUTH_TEXTS.signIn;
const FIELDS = ['email', 'password'];

/**
 * Email and password. Success updates the session; the sign-in page then moves on to where the user was going.
 * When they open accounts in several organizations, the user picks one and the same sign-in goes again with it.
 */
export function SignInForm() {
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useContractForm({ schemas: contractSchemas.auth, fields: FIELDS, failedTitle: T.failed });
  const busy = signIn.isPending || form.checking;
  const organizations = organizationsToChoose(signIn.error);
  const sent = signIn.variables;

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = await form.check((schemas) => schemas.signInBody, withoutBlanks({ email, password }));
      // An unconfirmed address or a paused sign-in says so in the alert's title.
      if (body) signIn.mutate(body, { onError: (error) => form.refuse(error, signInAlertTitle(error)) });
    });

  return (
    <form ref={form.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.title}>
      {organizations ? null : <FormProblemAlert problem={form.alert} />}
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
          busy={busy}
          onChoose={(organizationId) =>
            signIn.mutate({ ...sent, organizationId }, { onError: (error) => form.refuse(error) })
          }
        />
      ) : (
        <SubmitButton busy={busy} busyLabel={T.busy} className="w-full">
          {T.submit}
        </SubmitButton>
      )}
    </form>
  );
}
