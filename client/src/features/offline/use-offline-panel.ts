import { TIMINGS } from '@common/constants';
import { useCallback, useEffect, useState } from 'react';
import type { PendingWrite } from '@/lib/offline/offline-db';
import { listStoredReads } from '@/lib/offline/read-cache';
import { lastSyncTime, onSettingsChange } from '@/lib/offline/settings';
import { listQueue, onQueueChange } from '@/lib/offline/write-queue';

export type OfflinePanel = {
  queue: PendingWrite[];
  stored: { key: string; timestamp: number }[];
  lastSync: number | null;
  refresh: () => void;
};

/** What /offline shows, re-read every 2 s (spec §9) and whenever the queue or the settings change. */
export function useOfflinePanel(): OfflinePanel {
  const [state, setState] = useState<Omit<OfflinePanel, 'refresh'>>({ queue: [], stored: [], lastSync: null });
  const refresh = useCallback(() => {
    Promise.all([listQueue(), listStoredReads()])
      .then(([queue, stored]) => setState({ queue, stored, lastSync: lastSyncTime() }))
      .catch((error) => console.warn('could not read the offline store', error));
  }, []);
  useEffect(() => {
    refresh();
    const stopQueue = onQueueChange(refresh);
    const stopSettings = onSettingsChange(refresh);
    const timer = setInterval(refresh, TIMINGS.offlinePanelRefreshMs);
    return () => {
      stopQueue();
      stopSettings();
      clearInterval(timer);
    };
  }, [refresh]);
  return { ...state, refresh };
}
