import type { OfflineChanges } from '@common/schemas/offline-sync';
import { READ_REQUEST } from './early-reads';
import { offlineDb } from './offline-db';

/** Where the change feed's last answer (its cursor and the ids then visible) is kept, beside the reads. */
export const CHANGES_PATH = '/api/offline/changes';

export type KeptIndex = { cursor: string; valveIds: number[]; workOrderIds: number[]; bytes: number };
export type SyncSummary = { full: boolean; valves: number; workOrders: number; removed: number; bytes: number };

const valvePath = (id: number) => `/api/valves/${id}`;
const workOrderPath = (id: number) => `/api/work-orders/${id}`;
const DETAIL = /^\/api\/(valves|work-orders)\/(\d+)$/;

export async function keptIndex(): Promise<KeptIndex | null> {
  const row = await (await offlineDb()).get('offlineData', CHANGES_PATH);
  return (row?.data as KeptIndex | undefined) ?? null;
}

/**
 * Brings this device's copy up to date from GET /api/offline/changes: the first time everything the user may see,
 * after that only what changed since the last cursor (issue 18: a daily sync moves kilobytes, not the plant).
 * Details are stored under the paths the screens read, so every valve and work order opens with no signal; a kept
 * detail whose id is no longer listed (deleted, moved to another plant, permission taken away) is forgotten.
 */
export async function syncOfflineCopy(
  fetchChanges: (path: string) => Promise<{ changes: OfflineChanges; bytes: number }>,
  now = Date.now(),
): Promise<SyncSummary> {
  const previous = await keptIndex();
  const path = previous ? `${CHANGES_PATH}?since=${encodeURIComponent(previous.cursor)}` : CHANGES_PATH;
  const { changes, bytes } = await fetchChanges(path);
  const db = await offlineDb();
  const visible = { valves: new Set(changes.valveIds), 'work-orders': new Set(changes.workOrderIds) };
  const keys = await db.getAllKeys('offlineData');
  const tx = db.transaction('offlineData', 'readwrite');
  let removed = 0;
  for (const key of keys) {
    const match = DETAIL.exec(key);
    if (match && !visible[match[1] as 'valves' | 'work-orders'].has(Number(match[2]))) {
      void tx.store.delete(key);
      removed += 1;
    }
  }
  for (const valve of changes.valves) {
    void tx.store.put({ key: valvePath(valve.id), data: valve, timestamp: now, synced: true });
  }
  for (const workOrder of changes.workOrders) {
    void tx.store.put({ key: workOrderPath(workOrder.id), data: workOrder, timestamp: now, synced: true });
  }
  const index: KeptIndex = {
    cursor: changes.cursor,
    valveIds: changes.valveIds,
    workOrderIds: changes.workOrderIds,
    bytes: changes.full ? bytes : (previous?.bytes ?? 0) + bytes,
  };
  void tx.store.put({ key: CHANGES_PATH, data: index, timestamp: now, synced: true });
  await tx.done;
  return { full: changes.full, valves: changes.valves.length, workOrders: changes.workOrders.length, removed, bytes };
}

/** The browser's own fetch of the feed, with the size of what came over the wire (for the figures the user sees). */
export async function fetchChanges(path: string): Promise<{ changes: OfflineChanges; bytes: number }> {
  const response = await fetch(path, READ_REQUEST);
  if (!response.ok) throw new Error(`The offline download was refused (${response.status}).`);
  const text = await response.text();
  return { changes: JSON.parse(text) as OfflineChanges, bytes: new TextEncoder().encode(text).length };
}
