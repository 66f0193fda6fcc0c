import { newActionKey } from '../action-key';
import { type OfflinePhoto, offlineDb, type PendingWrite } from './offline-db';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Screens (banner, /offline, lists) re-read the queue when it changes. */
export function onQueueChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => {
  for (const listener of listeners) listener();
};

export type QueuedWrite = {
  url: string;
  method: PendingWrite['method'];
  body?: unknown;
  idempotencyKey?: string;
};

/**
 * Keeps a write for later. It gets an Idempotency-Key now, so however often the replay is tried, the server
 * applies it once.
 */
export async function enqueueWrite(write: QueuedWrite, photo?: Omit<OfflinePhoto, 'timestamp'>): Promise<number> {
  const db = await offlineDb();
  const now = Date.now();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Idempotency-Key': write.idempotencyKey ?? newActionKey(),
  };
  if (!photo) headers['Content-Type'] = 'application/json';
  const tx = db.transaction(['pendingSync', 'photos'], 'readwrite');
  if (photo) await tx.objectStore('photos').put({ ...photo, timestamp: now });
  const id = await tx.objectStore('pendingSync').add({
    url: write.url,
    method: write.method,
    headers,
    body: photo || write.body === undefined ? null : JSON.stringify(write.body),
    timestamp: now,
    ...(photo && { photoId: photo.id }),
  });
  await tx.done;
  changed();
  return id;
}

/** Everything queued, oldest first (the replay order). */
export async function listQueue(): Promise<PendingWrite[]> {
  return (await offlineDb()).getAll('pendingSync');
}

export async function pendingCount(): Promise<number> {
  return (await listQueue()).filter((w) => !w.attention).length;
}

export async function needingAttention(): Promise<PendingWrite[]> {
  return (await listQueue()).filter((w) => w.attention);
}

export async function photoOf(write: PendingWrite): Promise<OfflinePhoto | undefined> {
  return write.photoId ? (await offlineDb()).get('photos', write.photoId) : undefined;
}

/** Done with a write: it reached the server, or the user discarded it. Its photo goes with it. */
export async function removeWrite(id: number): Promise<void> {
  const db = await offlineDb();
  const write = await db.get('pendingSync', id);
  const tx = db.transaction(['pendingSync', 'photos'], 'readwrite');
  await tx.objectStore('pendingSync').delete(id);
  if (write?.photoId) await tx.objectStore('photos').delete(write.photoId);
  await tx.done;
  changed();
}

export async function markNeedsAttention(id: number, status: number, message: string): Promise<void> {
  const db = await offlineDb();
  const write = await db.get('pendingSync', id);
  if (!write) return;
  await db.put('pendingSync', { ...write, attention: { status, message, at: Date.now() } });
  changed();
}

/**
 * The user looked at a refused write and sends it again, optionally with a corrected body. A corrected write is a
 * new request, so it gets a new Idempotency-Key (the server remembers the refusal under the old one).
 */
export async function retryWrite(id: number, correctedBody?: unknown): Promise<void> {
  const db = await offlineDb();
  const write = await db.get('pendingSync', id);
  if (!write) return;
  const { attention: _attention, ...rest } = write;
  await db.put('pendingSync', {
    ...rest,
    headers: { ...write.headers, 'Idempotency-Key': newActionKey() },
    ...(correctedBody !== undefined && { body: JSON.stringify(correctedBody) }),
  });
  changed();
}
