import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { Skeletons } from '@/components/ui/skeleton';
import { sessionQuery } from '@/lib/session/session-query';
import { useAuthStatus } from './api/get-auth-status';
import { AuthCard, AuthLayout } from './components/auth-layout';
import { DemoAccounts } from './components/demo-accounts';
import { SetUpForm } from './components/set-up-form';
import { SignInForm } from './components/sign-in-form';
import { AUTH_TEXTS } from './texts';
import { safeNextPath } from './utils/safe-next';

/**
 * /login?next=<path>. Signs in (or, on an empty installation, sets it up) and then goes to `next` when it is a
 * path of this site, else to the dashboard. A visitor who is already signed in goes there straight away.
 */
export function LoginScreen() {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  // Asked afresh on every arrival: the cached answer may be the session that was just signed out or expired.
  const session = useQuery({ ...sessionQuery, refetchOnMount: 'always' });
  const status = useAuthStatus();

  if (session.isFetchedAfterMount && session.data) return <Navigate to={next} replace />;

  if (status.isPending) {
    return (
      <AuthLayout title={AUTH_TEXTS.signIn.title}>
        <Skeletons count={3} label={AUTH_TEXTS.checking} itemClassName="h-16" />
      </AuthLayout>
    );
  }

  if (status.data?.needsSetup) {
    return (
      <AuthLayout title={AUTH_TEXTS.setUp.title}>
        <AuthCard title={AUTH_TEXTS.setUp.title} intro={AUTH_TEXTS.setUp.intro}>
          <SetUpForm />
        </AuthCard>
      </AuthLayout>
    );
  }

  // Without the status (offline, server trouble) signing in is still offered: it says for itself what fails.
  return (
    <AuthLayout title={AUTH_TEXTS.signIn.title}>
      <div className="grid gap-4">
        <AuthCard title={AUTH_TEXTS.signIn.title} intro={AUTH_TEXTS.signIn.intro}>
          <SignInForm />
        </AuthCard>
        {status.data?.demo ? <DemoAccounts demo={status.data.demo} /> : null}
      </div>
    </AuthLayout>
  );
}
