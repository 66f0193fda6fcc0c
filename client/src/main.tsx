import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { makeQueryClient } from './app/provider';
import { router } from './app/router';
import { startDashboardReads } from './app/routes/dashboard/dashboard-reads';
import { registerServiceWorker } from './lib/offline/service-worker';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = makeQueryClient();
startDashboardReads(queryClient);
const app = (
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>
);
// The landing page and the app's home arrive rendered (landing.html, app.html, made at build time): the app takes
// over the markup it has.
// Either way the first render is a transition, so React works in short slices and the page answers taps meanwhile.
if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
else startTransition(() => createRoot(root).render(app));

registerServiceWorker(queryClient);
