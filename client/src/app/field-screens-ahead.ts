import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whenReadsSettle } from '@/lib/offline/reads-settle';
import { useSession } from '@/lib/session/session-query';
import { FIELD_SCREENS } from './field-screens';

/**
 * Fetches every field screen's code; a failure (no signal) is left to the screen's own load. A second call costs
 * nothing: the browser keeps a module it has loaded.
 */
function loadFieldScreens(): void {
  for (const load of Object.values(FIELD_SCREENS)) load().catch(() => {});
}

/**
 * Beside the screens that need a session: once the session names a user and the screen in front of them has its
 * data, fetches the field screens' code (./field-screens.ts). The landing page and sign-in do not.
 */
export function FieldScreensAhead(): null {
  const queryClient = useQueryClient();
  const signedIn = Boolean(useSession().data);
  useEffect(() => (signedIn ? whenReadsSettle(queryClient, loadFieldScreens) : undefined), [signedIn, queryClient]);
  return null;
}
