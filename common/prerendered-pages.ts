/**
 * The pages rendered at build time (vite-prerender-pages.ts, client/src/prerender.tsx): the file the server sends
 * for the path (server/src/app.ts) and the service worker keeps for it (vite.config.ts). The landing page shows the
 * same to everyone and starts no reads; the app's home is rendered as it first shows while the session is checked
 * (the shell and its "Checking your sign-in…" line), so a phone paints the app's frame before the app's code has
 * arrived, and its early reads start at once as on every app page.
 */
export const PRERENDERED_PAGES = [
  { path: '/', file: 'landing.html', earlyReads: false },
  { path: '/app', file: 'app.html', earlyReads: true },
] as const;
