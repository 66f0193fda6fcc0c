import { TIMINGS } from '@common/constants';
import { TEXTS } from '@common/texts';
import { answerFromKeptLists } from './kept-lists';
import { confirmedAt } from './offline-copy';
import { offlineDb } from './offline-db';

/** A header the service worker or a proxy sets on a response it served from its own cache: not fresh, not stored. */
export const FROM_CACHE_HEADER = 'x-served-from-cache';

export type CachedAnswer<T> = { data: T; offline: boolean; cachedAt: number | null };

export async function storeRead(path: string, data: unknown, now = Date.now()): Promise<void> {
  await (await offlineDb()).put('offlineData', { key: path, data, timestamp: now, synced: true });
}

export async function storedRead<T>(path: string): Promise<{ data: T; timestamp: number } | null> {
  const row = await (await offlineDb()).get('offlineData', path);
  return row ? { data: row.data as T, timestamp: row.timestamp } : null;
}

/** Spec §9: cached data is stale when absent or older than an hour. */
export function isStale(cachedAt: number | null, now = Date.now()): boolean {
  return cachedAt === null || now - cachedAt > TIMINGS.cacheStaleAfterMs;
}

/**
 * The generic read of spec §7, network first: a good answer is stored under its path and returned; when the
 * network cannot be reached the stored copy is returned marked offline, and without one the failure is thrown.
 * `fetchAnswer` performs the request and throws what apiGet throws (a TypeError when the network is down).
 */
export async function readThrough<T>(
  path: string,
  fetchAnswer: () => Promise<{ data: T; fromCache: boolean }>,
): Promise<CachedAnswer<T>> {
  try {
    const { data, fromCache } = await fetchAnswer();
    if (!fromCache) await storeRead(path, data);
    return { data, offline: false, cachedAt: null };
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    const stored = (await storedRead<T>(path)) ?? (await answerFromKeptLists(path, storedRead));
    // With no connection, say the record was never kept; a server that answered 5xx is reported as it is.
    if (!stored) throw error instanceof TypeError ? new NotKeptOffline() : error;
    // A kept record unchanged at the last sync is as fresh as that sync, however long ago it was first stored.
    const confirmed = await confirmedAt(path);
    return { data: stored.data as T, offline: true, cachedAt: Math.max(stored.timestamp, confirmed ?? 0) };
  }
}

/** No signal, and this device never kept the answer: said in plain words, never "Failed to fetch". */
export class NotKeptOffline extends Error {
  constructor() {
    super(TEXTS.offline.notKept);
  }
}

/** The request never got an answer from the server: offline, DNS, a dead gateway in front of it. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof TypeError || error instanceof NotKeptOffline) return true;
  const status = (error as { status?: number } | null)?.status;
  return status === 502 || status === 503 || status === 504;
}

/** What is stored, for the /offline screen: each path with its age. */
export async function listStoredReads(): Promise<{ key: string; timestamp: number }[]> {
  const rows = await (await offlineDb()).getAll('offlineData');
  return rows.map(({ key, timestamp }) => ({ key, timestamp }));
}

export async function forgetStoredRead(path: string): Promise<void> {
  await (await offlineDb()).delete('offlineData', path);
}

export async function clearStoredReads(): Promise<void> {
  await (await offlineDb()).clear('offlineData');
}
