/** Where the app goes after sign-in when no (usable) destination was asked for. */
export const HOME_PATH = '/app';

/**
 * The `next` parameter of /login, made safe: only a path of this site ('/valves?plant=A'). Anything that could
 * leave the site is refused and the home screen used instead: absolute URLs ('https://evil.example'),
 * protocol-relative ones ('//evil.example'), backslash tricks browsers read as '//' ('/\evil.example'), and
 * control characters that browsers strip before parsing ('/\t/evil.example').
 */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw?.startsWith('/')) return HOME_PATH;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here.
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return HOME_PATH;
  if (raw.startsWith('//')) return HOME_PATH;
  // The browser's own parser is the final word: the path must stay on this origin.
  try {
    const base = 'http://valveops.invalid';
    const url = new URL(raw, base);
    if (url.origin !== base) return HOME_PATH;
    // Signing in again should never land on the sign-in page itself.
    if (url.pathname === '/login') return HOME_PATH;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return HOME_PATH;
  }
}

/** The sign-in page's address that brings the user back to `path` (path + search of the current location). */
export function loginPath(path: string): string {
  return `/login?${new URLSearchParams({ next: path }).toString()}`;
}
