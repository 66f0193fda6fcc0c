import { TIMINGS } from '@common/constants';
import { useCallback, useEffect, useState } from 'react';
import { describeKeptCopy, type KeptCopy } from '@/lib/offline/kept-copy';
import type { PendingWrite } from '@/lib/offline/offline-db';
import { lastSyncTime, onSettingsChange } from '@/lib/offline/settings';
import { listQueue, onQueueChange } from '@/lib/offline/write-queue';

export type OfflinePanel = {
  queue: PendingWrite[];
  /** What the device keeps (null until first read). */
  kept: KeptCopy | null;
  lastSync: number | null;
  refresh: () => void;
};

/** What /offline shows, re-read every 2 s (spec §9) and whenever the queue or the settings change. */
export function useOfflinePanel(): OfflinePanel {
  const [state, setState] = useState<Omit<OfflinePanel, 'refresh'>>({ queue: [], kept: null, lastSync: null });
  const refresh = useCallback(() => {
    Promise.all([listQueue(), describeKeptCopy()])
      .then(([queue, kept]) => setState({ queue, kept, lastSync: lastSyncTime() }))
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
