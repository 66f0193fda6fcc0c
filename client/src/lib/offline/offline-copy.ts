import type { OfflineChanges } from '@common/schemas/offline-sync';
import type { ValveSummary } from '@common/schemas/valves';
import type { WorkOrderSummary } from '@common/schemas/work-orders';
import { READ_REQUEST } from './early-reads';
import { offlineDb } from './offline-db';
import type { KeptNames } from './pending-changes';

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

/** What this device keeps, for the /offline screen: counts per plant and size, and the other saved reads by name. */
export type KeptCopy = {
  valves: number;
  workOrders: number;
  bytes: number;
  plants: { plant: string; valves: number }[];
  reads: { label: string; timestamp: number }[];
  names: KeptNames;
};

const READ_LABELS: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^\/api\/valves$/, () => 'Valve list'],
  [/^\/api\/work-orders$/, () => 'Work order list'],
  [/^\/api\/dashboard\/stats$/, () => 'Dashboard figures'],
  [/^\/api\/analytics\/(.*)$/, () => 'Analytics'],
  [/^\/api\/manuals/, () => 'Manuals'],
  [/^\/api\/valves\/valve-id\/(.+)$/, (m) => `Label lookup ${decodeURIComponent(m[1])}`],
];

/** A saved read in the words of the screen it feeds; null for the ones not worth a line (pages, searches). */
export function labelOfRead(path: string): string | null {
  for (const [pattern, label] of READ_LABELS) {
    const match = pattern.exec(path);
    if (match) return label(match);
  }
  return null;
}

export async function describeKeptCopy(): Promise<KeptCopy> {
  const db = await offlineDb();
  const keys = await db.getAllKeys('offlineData');
  const valveIds = new Set<number>();
  let workOrders = 0;
  const labelled = new Map<string, number>();
  for (const key of keys) {
    const detail = DETAIL.exec(key);
    if (detail) {
      if (detail[1] === 'valves') valveIds.add(Number(detail[2]));
      else workOrders += 1;
      continue;
    }
    const label = labelOfRead(key);
    if (!label) continue;
    const row = await db.get('offlineData', key);
    if (row) labelled.set(label, Math.max(labelled.get(label) ?? 0, row.timestamp));
  }
  const names = await keptNames();
  const byPlant = new Map<string, number>();
  const list = (await db.get('offlineData', '/api/valves'))?.data as ValveSummary[] | undefined;
  for (const valve of list ?? []) {
    if (valveIds.has(valve.id)) byPlant.set(valve.plant, (byPlant.get(valve.plant) ?? 0) + 1);
  }
  return {
    valves: valveIds.size,
    workOrders,
    bytes: (await keptIndex())?.bytes ?? 0,
    plants: [...byPlant].map(([plant, valves]) => ({ plant, valves })).sort((a, b) => a.plant.localeCompare(b.plant)),
    reads: [...labelled].map(([label, timestamp]) => ({ label, timestamp })),
    names,
  };
}

/** Tags and work order numbers by id, from the kept lists: how queued changes are named (issue 17 item 18). */
export async function keptNames(): Promise<KeptNames> {
  const db = await offlineDb();
  const valves = ((await db.get('offlineData', '/api/valves'))?.data ?? []) as ValveSummary[];
  const orders = ((await db.get('offlineData', '/api/work-orders'))?.data ?? []) as WorkOrderSummary[];
  return {
    valves: new Map(valves.map((v) => [v.id, v.valveId])),
    workOrders: new Map(orders.map((w) => [w.id, w.workOrderId])),
  };
}
