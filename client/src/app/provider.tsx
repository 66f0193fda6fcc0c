import { TEXTS } from '@common/texts';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { cachedGet } from '@/lib/offline/cached-get';
import { startOfflineSync } from '@/lib/offline/sync-scheduler';
import { createQueryClient } from '@/lib/query-client';
import { refreshWorkData } from '@/lib/refresh-work-data';
import { markSignedOut } from '@/lib/session/session-cache';
import { toast } from '@/lib/toast';
import { Toaster } from './shell/toaster';

/** Any 401 (session expired, ended elsewhere, user deactivated) forgets the user; RequireSession does the rest. */
export const makeQueryClient = () => createQueryClient({ onUnauthorized: markSignedOut });

/**
 * One sync scheduler for the app (spec §4): preload reads store their answers; after a round that sent writes the
 * work data loads again, so the real records replace the pending ones; refused writes are announced once per round.
 */
function startSync(queryClient: QueryClient, openOffline: () => void): () => void {
  return startOfflineSync({
    read: (path) => cachedGet(path),
    onSynced: (result) => {
      void refreshWorkData(queryClient);
      if (result.needsAttention > 0) {
        toast({
          title: TEXTS.offline.needAttention(result.needsAttention),
          description: TEXTS.offline.needAttentionDetail,
          tone: 'danger',
          action: { label: TEXTS.offline.title, onClick: openOffline },
        });
      }
    },
  });
}

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
