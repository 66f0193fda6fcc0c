import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { markSignedOut } from '@/lib/session/session-cache';
import { startSync } from './offline-sync';
import { Toaster } from './shell/toaster';

/** Any 401 (session expired, ended elsewhere, user deactivated) forgets the user; RequireSession does the rest. */
export const makeQueryClient = () => createQueryClient({ onUnauthorized: markSignedOut });

export function AppProvider({
  children,
  queryClient,
  openOffline,
}: {
  children: ReactNode;
  queryClient: QueryClient;
  openOffline: () => void;
}) {
  useEffect(() => startSync(queryClient, openOffline), [queryClient, openOffline]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
