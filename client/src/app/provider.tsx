import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { markSignedOut } from '@/features/auth/utils/session-cache';
import { createQueryClient } from '@/lib/query-client';
import { Toaster } from './shell/toaster';

/** Any 401 (session expired, ended elsewhere, user deactivated) forgets the user; RequireSession does the rest. */
const makeQueryClient = () => createQueryClient({ onUnauthorized: markSignedOut });

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
