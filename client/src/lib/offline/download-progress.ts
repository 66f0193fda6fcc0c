import { useSyncExternalStore } from 'react';

/**
 * How far the download of the offline copy has come: records of the plants done against the estimate's total, and
 * bytes received against the estimate's size. Null when no download runs. Published by syncOfflineCopy, whoever
 * started it (the button on /offline or the automatic preload), and read by the /offline screen.
 */
export type DownloadProgress = {
  plant: string;
  itemsDone: number;
  itemsTotal: number;
  bytesDone: number;
  bytesTotal: number;
};

let progress: DownloadProgress | null = null;
const listeners = new Set<() => void>();

export function publishProgress(next: DownloadProgress | null): void {
  progress = next;
  for (const listener of listeners) listener();
}

export function getProgress(): DownloadProgress | null {
  return progress;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useDownloadProgress(): DownloadProgress | null {
  return useSyncExternalStore(subscribe, getProgress, getProgress);
}
