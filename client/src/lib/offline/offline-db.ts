import { TIMINGS } from '@common/constants';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** A cached API read (spec §3 offlineData): the response of one request path. */
export type CachedRead = { key: string; data: unknown; timestamp: number; synced: true };

/** Why the server refused a replayed write for good: the user must look at it (DESIGN.md §5 "needs attention"). */
export type Attention = { status: number; message: string; at: number };

/** A write made offline, replayed in order when the connection returns (spec §3 pendingSync). */
export type PendingWrite = {
  id?: number;
  url: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers: Record<string, string>;
  /** JSON text, or null for a photo upload (its file is in the photos store under `photoId`). */
  body: string | null;
  timestamp: number;
  photoId?: string;
  /** Set when the server refused it for good; such a write waits for the user instead of being replayed. */
  attention?: Attention;
};

/** A photo taken offline, kept until its upload has gone through (spec §3 photos). */
export type OfflinePhoto = {
  id: string;
  blob: Blob;
  fileName: string;
  /** The form fields sent with it: valveId or workOrderId, and description. */
  fields: Record<string, string>;
  timestamp: number;
};

interface OfflineSchema extends DBSchema {
  offlineData: { key: string; value: CachedRead };
  pendingSync: { key: number; value: PendingWrite };
  photos: { key: string; value: OfflinePhoto };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

export const OFFLINE_DB_NAME = 'valveops-offline';

let opened: Promise<OfflineDb> | null = null;

/** The one local database, version 1, with the three stores of spec §3. */
export function offlineDb(): Promise<OfflineDb> {
  opened ??= openDB<OfflineSchema>(OFFLINE_DB_NAME, TIMINGS.localDatabaseVersion, {
    upgrade(db) {
      db.createObjectStore('offlineData', { keyPath: 'key' });
      db.createObjectStore('pendingSync', { keyPath: 'id', autoIncrement: true });
      db.createObjectStore('photos', { keyPath: 'id' });
    },
  });
  return opened;
}

/** Tests start each case from an empty database. */
export async function resetOfflineDbForTests(): Promise<void> {
  if (opened) (await opened).close();
  opened = null;
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(OFFLINE_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}
