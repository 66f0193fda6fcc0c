import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app';
import { makeQueryClient } from './app/provider';
import { routes } from './app/route-tree';

/**
 * A page as HTML, rendered at build time (vite-prerender-pages.ts) so a phone paints it before the app's
 * JavaScript has arrived: the landing page (spec §2.20) at `/`, and the app's home at `/app` as it shows while the
 * session is checked. The tree is the one main.tsx hydrates, with a memory router in place of the browser's: the
 * same components, so the same markup and the same generated ids.
 */
export function renderPage(path: string): string {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderToString(
    <StrictMode>
      <App router={router} queryClient={makeQueryClient()} />
    </StrictMode>,
  );
}
