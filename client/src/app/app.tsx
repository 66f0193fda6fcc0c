import type { QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser's router in the app; a memory router when the landing page is rendered at build time. The query
 * client comes from outside because main.tsx also waits on it (service-worker.ts).
 */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  const openOffline = useCallback(() => void router.navigate('/offline'), [router]);
  return (
    <AppProvider queryClient={queryClient} openOffline={openOffline}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
