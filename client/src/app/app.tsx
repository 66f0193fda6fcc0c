import { useCallback } from 'react';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The browser's router in the app; a memory router when the landing page is rendered at build time. */
export function App({ router }: { router: AppRouter }) {
  const openOffline = useCallback(() => void router.navigate('/offline'), [router]);
  return (
    <AppProvider openOffline={openOffline}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
