import type { WorkOrderPart } from '@common/schemas/parts';
import type { ValveSummary } from '@common/schemas/valves';
import type { WorkOrderSummary } from '@common/schemas/work-orders';
import { describeKeptPhotos, type KeptPhotoFigures } from './kept-photos';
import { keptIndex } from './offline-copy';
import { offlineDb } from './offline-db';
import type { KeptNames } from './pending-changes';

/** One kept plant as /offline shows it. */
export type KeptPlant = {
  plant: string;
  valves: number;
  workOrders: number;
  reliefTags: number;
  bytes: number;
  syncedAt: number;
};

/** What this device keeps, for the /offline screen: per plant with its size, and the other saved reads by name. */
export type KeptCopy = {
  valves: number;
  workOrders: number;
  bytes: number;
  plants: KeptPlant[];
  /** Photo thumbnails and full images kept, apart from the records' bytes. */
  photos: KeptPhotoFigures;
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
  const labelled = new Map<string, number>();
  for (const key of await db.getAllKeys('offlineData')) {
    const label = labelOfRead(key);
    if (!label) continue;
    const row = await db.get('offlineData', key);
    if (row) labelled.set(label, Math.max(labelled.get(label) ?? 0, row.timestamp));
  }
  const index = await keptIndex();
  const plants = Object.entries(index?.plants ?? {})
    .map(([plant, copy]) => ({
      plant,
      valves: copy.valveIds.length,
      workOrders: copy.workOrderIds.length,
      reliefTags: copy.reliefTagIds.length,
      bytes: Object.values(copy.sizes).reduce((sum, n) => sum + n, 0),
      syncedAt: copy.syncedAt,
    }))
    .sort((a, b) => a.plant.localeCompare(b.plant));
  return {
    valves: plants.reduce((n, p) => n + p.valves, 0),
    workOrders: plants.reduce((n, p) => n + p.workOrders, 0),
    bytes: plants.reduce((n, p) => n + p.bytes, 0),
    plants,
    photos: await describeKeptPhotos(),
    reads: [...labelled].map(([label, timestamp]) => ({ label, timestamp })),
    names: await keptNames(),
  };
}

/** Tags, work order numbers and part lines by id, from the kept copy: how queued changes are named (issue 17 item 18). */
export async function keptNames(): Promise<KeptNames> {
  const db = await offlineDb();
  const valves = ((await db.get('offlineData', '/api/valves'))?.data ?? []) as ValveSummary[];
  const orders = ((await db.get('offlineData', '/api/work-orders'))?.data ?? []) as WorkOrderSummary[];
  // A kept order's part lines name its queued issues and returns ('2 × T-PK-100 Packing set').
  const partLines = new Map<number, string>();
  const orderKeys = IDBKeyRange.bound('/api/work-orders/', '/api/work-orders/\uffff');
  for (const key of await db.getAllKeys('offlineData', orderKeys)) {
    if (!key.endsWith('/parts')) continue;
    for (const line of ((await db.get('offlineData', key))?.data ?? []) as WorkOrderPart[]) {
      partLines.set(line.id, `${line.partNumber} ${line.name}`);
    }
  }
  return {
    valves: new Map(valves.map((v) => [v.id, v.valveId])),
    workOrders: new Map(orders.map((w) => [w.id, w.workOrderId])),
    partLines,
  };
}
