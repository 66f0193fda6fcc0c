import { TIMINGS } from '@common/constants';
import { preload } from './preload';
import { readSettings, recordSync } from './settings';
import { type SyncResult, syncQueue } from './sync-engine';
import { onQueueChange } from './write-queue';

export type SchedulerDeps = {
  /** A read that stores its answer (the generic read of spec §7). */
  read: (path: string) => Promise<unknown>;
  /** After a round that sent writes: screens refetch what changed on the server. */
  onSynced: (result: SyncResult) => void;
};

/**
 * Spec §4 connectivity: coming online starts the 30 s sync timer, syncs at once and preloads after 1 s; going
 * offline stops the timer; a queued write syncs 1 s later if online; preload runs 3 s after load. Returns stop.
 */
export function startOfflineSync({ read, onSynced }: SchedulerDeps): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const pending = new Set<ReturnType<typeof setTimeout>>();
  const later = (ms: number, run: () => void) => {
    const handle = setTimeout(() => {
      pending.delete(handle);
      run();
    }, ms);
    pending.add(handle);
  };

  const sync = async () => {
    if (!navigator.onLine) return;
    const result = await syncQueue();
    if (result.stoppedBy === null) recordSync();
    if (result.sent > 0 || result.needsAttention > 0) onSynced(result);
  };
  const runPreload = () => {
    const settings = readSettings();
    if (navigator.onLine && settings.autoPreload) void preload(read, settings);
  };
  const startTimer = () => {
    clearInterval(timer);
    timer = setInterval(() => void sync(), TIMINGS.backgroundSyncMs);
  };

  const online = () => {
    startTimer();
    void sync();
    later(TIMINGS.preloadAfterOnlineMs, runPreload);
  };
  const offline = () => clearInterval(timer);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  const stopWatchingQueue = onQueueChange(() => {
    if (navigator.onLine) later(TIMINGS.syncAfterQueueMs, () => void sync());
  });

  if (navigator.onLine) {
    startTimer();
    void sync();
    later(TIMINGS.preloadAfterLoadMs, runPreload);
  }

  return () => {
    clearInterval(timer);
    for (const handle of pending) clearTimeout(handle);
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    stopWatchingQueue();
  };
}
