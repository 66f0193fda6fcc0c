import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whenReadsSettle } from '@/lib/offline/reads-settle';
import { useSession } from '@/lib/session/session-query';
import { FIELD_SCREENS } from './field-screens';

let fetched = false;

/** Fetches every field screen's code once; a failure (no signal) is left to the screen's own load. */
function loadFieldScreens(): void {
  if (fetched) return;
  fetched = true;
  for (const load of Object.values(FIELD_SCREENS)) load().catch(() => {});
}

/**
 * Beside the screens that need a session: once the session names a user and the screen in front of them has its
 * data, fetches the field screens' code (./field-screens.ts). The landing page and sign-in do not.
 */
export function FieldScreensAhead(): null {
  const queryClient = useQueryClient();
  const signedIn = Boolean(useSession().data);
  useEffect(() => {
    if (!signedIn || fetched) return;
    return whenReadsSettle(queryClient, loadFieldScreens);
  }, [signedIn, queryClient]);
  return null;
}
