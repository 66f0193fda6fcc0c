import { Loader2 } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadError } from '@/components/load-error';
import { HttpError } from '@/lib/http';
import { useSession } from '@/lib/session/session-query';
import { AUTH_TEXTS } from '../texts';
import { loginPath } from '../utils/safe-next';

/** A quiet placeholder while the session is checked: no flash of a screen the user may not be allowed to see. */
function CheckingSession() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col items-center gap-3 py-16 text-slate-600">
      <Loader2 className="size-8 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      <p className="text-base">{AUTH_TEXTS.checking}</p>
    </div>
  );
}

/**
 * The routes under it need a signed-in user. No session (never signed in, signed out, expired, deactivated: any
 * 401 clears it) sends the user to /login with the way back in `next`.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  // The session's answer is a blocking update (TanStack Query's store); the screen it lets through renders from a
  // deferred copy instead, in short slices, so a phone's main thread is never held for the whole screen at once.
  const user = useDeferredValue(session.data);

  if (user) return <Outlet />;
  if (user === null) return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  if (session.isPending || session.data !== undefined) return <CheckingSession />;
  // The server could not be reached (offline, network trouble): let the screens show what the device holds and
  // say for themselves what is missing. The server still refuses every request without a session.
  if (!(session.error instanceof HttpError)) return <Outlet />;
  return <LoadError error={session.error} onRetry={() => session.refetch()} />;
}
