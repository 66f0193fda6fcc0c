import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { buttonClasses } from '@/components/ui/button';
import { useContractForm } from '@/components/use-contract-form';
import { withoutBlanks } from '@/lib/contract-check';
import { contractSchemas } from '@/lib/contract-schemas';
import { useAcceptInvite } from './api/accept-invite';
import { AuthCard, AuthLayout } from './components/auth-layout';
import { PasswordField } from './components/password-input';
import { AUTH_TEXTS } from './texts';
import { HOME_PATH } from './utils/safe-next';

const T = AUTH_TEXTS.invite;
// The token comes from the link: a refusal of it has no field and goes in the alert.
const FIELDS = ['password'];

/** /accept-invite?token=...: the invited person chooses a password, is signed in and lands on the dashboard. */
export function AcceptInviteScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const accept = useAcceptInvite();
  const [password, setPassword] = useState('');
  const form = useContractForm({ schemas: contractSchemas.auth, fields: FIELDS, failedTitle: T.failed });
  const busy = accept.isPending || form.checking;

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = await form.check((schemas) => schemas.acceptInviteBody, withoutBlanks({ token, password }));
      if (!body) return;
      accept.mutate(body, {
        // An address another account uses is proven by mail first: the screen then says so and stays.
        onSuccess: (reply) => {
          if (!(reply && 'verificationSent' in reply)) navigate(HOME_PATH, { replace: true });
        },
        onError: (error) => form.refuse(error),
      });
    });

  return (
    <AuthLayout title={T.title}>
      <AuthCard title={T.title} intro={token ? T.intro : undefined}>
        {token ? (
          <form ref={form.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.title}>
            <FormProblemAlert problem={form.alert} />
            {accept.data && 'verificationSent' in accept.data ? (
              <p role="status" className="rounded-md border p-3 text-sm">
                {accept.data.message}
              </p>
            ) : null}
            <PasswordField
              label={T.password}
              isNew
              error={form.errors.password}
              value={password}
              onChange={(value) => {
                setPassword(value);
                form.clear('password');
              }}
            />
            <SubmitButton busy={busy} busyLabel={T.busy} className="w-full">
              {T.submit}
            </SubmitButton>
          </form>
        ) : (
          <>
            <FormAlert title={T.failed}>{T.missingToken}</FormAlert>
            <Link to="/login" className={buttonClasses('outline', 'md', 'mt-4 w-full')}>
              {AUTH_TEXTS.signIn.title}
            </Link>
          </>
        )}
      </AuthCard>
    </AuthLayout>
  );
}
