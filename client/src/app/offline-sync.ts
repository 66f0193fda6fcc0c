import { TEXTS } from '@common/texts';
import type { QueryClient } from '@tanstack/react-query';
import { cachedGet } from '@/lib/offline/cached-get';
import { startOfflineSync } from '@/lib/offline/sync-scheduler';
import { refreshWorkData } from '@/lib/refresh-work-data';
import { whileSignedIn } from '@/lib/session/while-signed-in';
import { toast } from '@/lib/toast';

/**
 * One sync scheduler for the app (spec §4), running while someone is signed in: its preload and the queue's replay
 * need a session, and a visitor's page (a valve's request QR, the landing page, sign-in) must make no read the
 * server refuses. Preload reads store their answers; after a round that sent writes the work data loads again, so
 * the real records replace the pending ones; refused writes are announced once per round.
 */
export function startSync(queryClient: QueryClient, openOffline: () => void): () => void {
  return whileSignedIn(queryClient, () =>
    startOfflineSync({
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
    }),
  );
}
