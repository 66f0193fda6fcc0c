import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert, SubmitButton } from '@/components/form-parts';
import { buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useRevealProblem } from '@/components/use-reveal-problem';
import { useLabelledCheck } from '@/components/use-write-form';
import { withoutBlanks } from '@/lib/contract-check';
import { contractSchemas } from '@/lib/contract-schemas';
import { formFailure } from '@/lib/form-failure';
import { useAcceptInvite } from './api/accept-invite';
import { AuthCard, AuthLayout } from './components/auth-layout';
import { PasswordInput } from './components/password-input';
import { AUTH_TEXTS } from './texts';
import { HOME_PATH } from './utils/safe-next';

const T = AUTH_TEXTS.invite;
const LABELS = { password: T.password };

/** /accept-invite?token=...: the invited person chooses a password, is signed in and lands on the dashboard. */
export function AcceptInviteScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const accept = useAcceptInvite();
  const reveal = useRevealProblem();
  const [password, setPassword] = useState('');
  const contract = useLabelledCheck(LABELS, contractSchemas.auth);
  const busy = accept.isPending || contract.checking;

  const failure = accept.error ? formFailure(accept.error, LABELS) : null;
  const errors = { ...failure?.fields, ...contract.refused.fields };
  const alert = contract.refused.alert ?? failure?.alert;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const body = await contract.check(
      contractSchemas.auth.check((schemas) => schemas.acceptInviteBody, withoutBlanks({ token, password })),
    );
    if (body === null) return reveal.failed();
    accept.mutate(body, { onSuccess: () => navigate(HOME_PATH, { replace: true }), onError: reveal.failed });
  };

  return (
    <AuthLayout title={T.title}>
      <AuthCard title={T.title} intro={token ? T.intro : undefined}>
        {token ? (
          <form ref={reveal.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.title}>
            {alert ? <FormAlert title={T.failed}>{alert}</FormAlert> : null}
            <Field label={T.password} required error={errors.password} hint={AUTH_TEXTS.passwordHint}>
              {(control) => (
                <PasswordInput
                  {...control}
                  name="new-password"
                  autoComplete="new-password"
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
