/**
 * Reads the app page asks for before its scripts have arrived. A small starter (built from `earlyReadsStarter`
 * by vite-early-reads.ts, a file because the CSP allows no inline script) starts them while the ~170 kB bundle is
 * still on its way, so on a slow link the session and the dashboard's data are known by the time React renders.
 * This module imports nothing: the Vite config builds the starter from it.
 */

/** The session read every page in EARLY_READS starts with (the app's, session-query.ts): null when signed out. */
export const EARLY_SESSION_READ = '/api/auth/session?signedOut=null';

/**
 * The page → the reads its first screen makes once signed in: `/app` reads what the dashboard shows (spec §2.3).
 * They are asked only on a device where someone was signed in last time (SIGNED_IN_MARK), so a signed-out visitor's
 * page does not ask for data the server would refuse.
 */
export const EARLY_READS: Record<string, string[]> = {
  '/app': [
    '/api/emergencies',
    '/api/dashboard/stats',
    '/api/relief-valves/summary',
    '/api/valves?limit=3',
    '/api/work-orders?limit=2',
    '/api/dashboard/activities',
  ],
};

/** In localStorage while someone is signed in on this device (set by the session read). */
export const SIGNED_IN_MARK = 'valveops.signed-in';

export function markSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_MARK, '1');
    else localStorage.removeItem(SIGNED_IN_MARK);
  } catch {
    // Storage refused (a private window's quota): the starter then asks for the session only.
  }
}

/** Whether someone was signed in on this device last time (what the starter checks before asking for data). */
export function isMarkedSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_MARK) === '1';
  } catch {
    return false;
  }
}

/** How a read asks the server: the starter's requests and `cachedGet`'s must be the same request. */
export const READ_REQUEST = { credentials: 'include', headers: { Accept: 'application/json' } } as const;

/** Where the starter leaves its requests for the app: API path → the pending response. */
export const EARLY_READS_GLOBAL = '__valveOpsEarlyReads';

/** The starter's source: plain script (no module), asking as `cachedGet` does (READ_REQUEST). */
export function earlyReadsStarter(reads = EARLY_READS): string {
  return `(() => {
  const page = ${JSON.stringify(reads)}[location.pathname];
  let signedIn = false;
  try {
    signedIn = localStorage.getItem(${JSON.stringify(SIGNED_IN_MARK)}) === '1';
  } catch {}
  const paths = page ? [${JSON.stringify(EARLY_SESSION_READ)}, ...(signedIn ? page : [])] : [];
  const reads = new Map();
  for (const path of paths) {
    const response = fetch(path, ${JSON.stringify(READ_REQUEST)});
    // The app reports a failed read when it takes it; one never taken must not be an unhandled rejection.
    response.catch(() => {});
    reads.set(path, response);
  }
  globalThis[${JSON.stringify(EARLY_READS_GLOBAL)}] = reads;
})();
`;
}

const pendingReads = () =>
  (globalThis as { [EARLY_READS_GLOBAL]?: Map<string, Promise<Response>> })[EARLY_READS_GLOBAL];

/**
 * The response the starter asked for this path, once: later reads of the path go to the network themselves. None
 * when the page had no starter (the landing page, a test) or did not ask for this path.
 */
export function takeEarlyRead(path: string): Promise<Response> | undefined {
  const reads = pendingReads();
  const response = reads?.get(path);
  reads?.delete(path);
  return response;
}

/**
 * An early read was refused (no session, most likely): the others were asked with the same credentials, and after
 * the user signs in the screens must ask again rather than take those answers.
 */
export function forgetEarlyReads(): void {
  pendingReads()?.clear();
}
