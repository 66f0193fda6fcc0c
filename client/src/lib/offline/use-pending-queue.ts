import { useEffect, useState } from 'react';
import { type OfflinePhoto, offlineDb, type PendingWrite } from './offline-db';
import { listQueue, onQueueChange } from './write-queue';

export type PendingQueue = { queue: PendingWrite[]; photos: ReadonlyMap<string, OfflinePhoto> };

const EMPTY: PendingQueue = { queue: [], photos: new Map() };

/** The queue and its photos, read again whenever the queue changes (a write queued, sent, refused, discarded). */
export function usePendingQueue({ withPhotos = false } = {}): PendingQueue {
  const [state, setState] = useState<PendingQueue>(EMPTY);
  useEffect(() => {
    let alive = true;
    const refresh = async () => {
      try {
        const queue = await listQueue();
        const photos = new Map<string, OfflinePhoto>();
        if (withPhotos && queue.some((w) => w.photoId)) {
          for (const photo of await (await offlineDb()).getAll('photos')) photos.set(photo.id, photo);
        }
        if (alive)
          setState((current) => (current.queue.length === 0 && queue.length === 0 ? current : { queue, photos }));
      } catch (error) {
        console.warn('could not read the offline queue', error);
      }
    };
    void refresh();
    const stop = onQueueChange(() => void refresh());
    return () => {
      alive = false;
      stop();
    };
  }, [withPhotos]);
  return state;
}
