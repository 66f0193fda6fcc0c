import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app';
import { makeQueryClient } from './app/provider';
import { routes } from './app/route-tree';

/**
 * The landing page (spec §2.20) as HTML, rendered at build time (vite-prerender-landing.ts) so a phone paints
 * it before the app's JavaScript has arrived. The tree is the one main.tsx hydrates, with a memory router at `/`
 * in place of the browser's: the same components, so the same markup and the same generated ids.
 */
export function renderLanding(): string {
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  return renderToString(
    <StrictMode>
      <App router={router} queryClient={makeQueryClient()} />
    </StrictMode>,
  );
}
