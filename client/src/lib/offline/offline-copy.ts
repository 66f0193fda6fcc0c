import type { OfflineChanges, OfflineEstimate } from '@common/schemas/offline-sync';
import type { Photo } from '@common/schemas/photos';
import type { ReliefTag, ReliefTagDetail } from '@common/schemas/relief-valves';
import { checkBudget, estimateDownload, storageRoom } from './budget';
import { publishProgress } from './download-progress';
import { READ_REQUEST } from './early-reads';
import { dropUnlistedDocuments } from './kept-documents';
import { PHOTO_LIST, syncKeptPhotos } from './kept-photos';
import { plantsToKeep, readKeptPlants } from './kept-plants';
import { WORK_ORDER_LIST, workOrderListPaths, workOrderListsOf } from './kept-work-order-lists';
import { type OfflineDb, offlineDb } from './offline-db';

/** Where the change feed's cursors (one per kept plant) and the ids then visible are kept, beside the reads. */
export const CHANGES_PATH = '/api/offline/changes';
export const ESTIMATE_PATH = '/api/offline/estimate';
export const RELIEF_TAGS_PATH = '/api/relief-valves/tags';
/** What the relief record form offers: certificates, the tester's qualifications, benches and gauges. */
export const RELIEF_OPTIONS_PATH = '/api/relief-valves/test-options';

/** One kept plant: its feed cursor, the ids it lists, and the size of each record kept (path → bytes). */
export type PlantCopy = {
  cursor: string;
  valveIds: number[];
  workOrderIds: number[];
  reliefTagIds: number[];
  /** Every photo of the plant's valves and work orders (absent in a copy kept before photos were). */
  photoIds?: number[];
  /** Every document of the plant's valves (absent in a copy kept before documents were listed). */
  documentIds?: number[];
  sizes: Record<string, number>;
  syncedAt: number;
};
export type KeptIndex = { plants: Record<string, PlantCopy> };
export type SyncSummary = {
  full: boolean;
  plants: string[];
  valves: number;
  workOrders: number;
  reliefTags: number;
  removed: number;
  bytes: number;
  /** Photo files: dropped (no longer listed), thumbnails fetched, and evicted over the budget. */
  photos?: { dropped: number; fetched: number; evicted: number };
  /** Kept document files dropped because no kept plant lists them any more. */
  documentsDropped?: number;
};

/** How the copy reaches the server: the browser's fetch in the app, a stand-in in tests. */
export type CopySource = {
  estimate: () => Promise<OfflineEstimate>;
  changes: (path: string, onBytes: (received: number) => void) => Promise<{ changes: OfflineChanges; bytes: number }>;
  read: <T>(path: string) => Promise<{ data: T; bytes: number }>;
};

const valvePath = (id: number) => `/api/valves/${id}`;
const workOrderPath = (id: number) => `/api/work-orders/${id}`;
const reliefTagPath = (id: number) => `${RELIEF_TAGS_PATH}/${id}`;
const valvePhotosPath = (id: number) => `/api/photos?valveId=${id}`;
const workOrderPhotosPath = (id: number) => `/api/photos?workOrderId=${id}`;
/**
 * The kept records: a valve's, a work order's or a relief valve tag's detail, a valve's or order's photo list, and
 * an order's own lists (WORK_ORDER_LIST: procedures, part lines, hours, downtime, failure report).
 */
const KEPT_DETAIL = /^\/api\/(?:(?:valves|work-orders|relief-valves\/tags)\/\d+|photos\?(?:valveId|workOrderId)=\d+)$/;
const isKeptRecord = (path: string) => KEPT_DETAIL.test(path) || WORK_ORDER_LIST.test(path);
/**
 * The lists a technician opens in the field, each kept whole when readable: procedures and plans, the
 * organization's plants and valve catalog, which every plant or type choice and every plant day reads, and the
 * failure codes a completion's failure report is chosen from.
 */
export const KEPT_LISTS = [
  '/api/procedures',
  '/api/maintenance-plans',
  '/api/maintenance-plans/forecast',
  '/api/plants',
  '/api/valve-types',
  '/api/failure-codes',
];
const sizeOf = (data: unknown) => JSON.stringify(data).length;

export async function keptIndex(): Promise<KeptIndex | null> {
  const data = (await (await offlineDb()).get('offlineData', CHANGES_PATH))?.data as KeptIndex | undefined;
  // An index from before plants were kept apart has no `plants`: it is downloaded again.
  return data?.plants ? data : null;
}

/** The paths of every record a kept plant lists. */
function keptPaths(index: KeptIndex): Set<string> {
  const paths = new Set<string>();
  for (const copy of Object.values(index.plants)) {
    for (const id of copy.valveIds) paths.add(valvePath(id)).add(valvePhotosPath(id));
    for (const id of copy.workOrderIds) {
      paths.add(workOrderPath(id)).add(workOrderPhotosPath(id));
      for (const path of workOrderListPaths(id)) paths.add(path);
    }
    for (const id of copy.reliefTagIds) paths.add(reliefTagPath(id));
  }
  return paths;
}

/**
 * When a kept record was last confirmed current: the last sync of the plant that lists it, which is later than
 * when the record itself was stored if it has not changed since. Null for a record no kept plant lists.
 */
export async function confirmedAt(path: string): Promise<number | null> {
  if (!isKeptRecord(path)) return null;
  const index = await keptIndex();
  for (const copy of Object.values(index?.plants ?? {})) {
    if (keptPaths({ plants: { copy } }).has(path)) return copy.syncedAt;
  }
  return null;
}

/** Forgets every kept record no kept plant lists now (deleted, moved, no longer visible, or its plant unpicked). */
async function forgetUnlisted(db: OfflineDb, index: KeptIndex): Promise<number> {
  const listed = keptPaths(index);
  const tx = db.transaction('offlineData', 'readwrite');
  let removed = 0;
  for (const key of await tx.store.getAllKeys()) {
    if (isKeptRecord(key) && !listed.has(key)) {
      void tx.store.delete(key);
      // A photo list or an order's lists go with their valve or order: counted once, as that record.
      if (!PHOTO_LIST.test(key) && !WORK_ORDER_LIST.test(key)) removed += 1;
    }
  }
  await tx.done;
  return removed;
}

/**
 * The user changed which plants to keep: the others' records leave the device at once, with their cursors, so a
 * plant picked again later is downloaded whole. Returns how many records were forgotten.
 */
export async function dropPlantsNotKept(keep: readonly string[] | null = readKeptPlants()): Promise<number> {
  const index = await keptIndex();
  if (!index || keep === null) return 0;
  const plants = Object.fromEntries(Object.entries(index.plants).filter(([plant]) => keep.includes(plant)));
  const next: KeptIndex = { plants };
  const db = await offlineDb();
  await db.put('offlineData', { key: CHANGES_PATH, data: next, timestamp: Date.now(), synced: true });
  return forgetUnlisted(db, next);
}

/** The relief valve tags of a plant: the list every sync, a tag's detail (its tests) only when its line changed. */
async function syncReliefTags(
  db: OfflineDb,
  source: CopySource,
  plant: string,
  sizes: Record<string, number>,
  now: number,
) {
  const list = await source.read<ReliefTag[]>(`${RELIEF_TAGS_PATH}?plant=${encodeURIComponent(plant)}`);
  let fetched = 0;
  let bytes = list.bytes;
  for (const tag of list.data) {
    const kept = (await db.get('offlineData', reliefTagPath(tag.id)))?.data as ReliefTagDetail | undefined;
    const same =
      kept && Object.entries(tag).every(([k, v]) => JSON.stringify(kept[k as keyof ReliefTag]) === JSON.stringify(v));
    if (same) continue;
    const detail = await source.read<ReliefTagDetail>(reliefTagPath(tag.id));
    await db.put('offlineData', { key: reliefTagPath(tag.id), data: detail.data, timestamp: now, synced: true });
    sizes[reliefTagPath(tag.id)] = sizeOf(detail.data);
    fetched += 1;
    bytes += detail.bytes;
  }
  return { ids: list.data.map((t) => t.id), fetched, bytes };
}

/**
 * Brings this device's copy up to date, plant by plant (the plants the user picked, else every plant they may see):
 * the first time everything, after that only what changed since that plant's cursor (issue 18: a daily sync moves
 * kilobytes, not the plant). Details are stored under the paths the screens read, so every valve, work order and
 * relief valve tag opens with no signal; a record no kept plant lists any more is forgotten. Progress (records and
 * bytes against the estimate) is published for the /offline screen as it goes.
 */
export function syncOfflineCopy(source: CopySource = browserSource, now = Date.now()): Promise<SyncSummary> {
  // One at a time: the automatic preload and the button may ask together, and each must see the other's cursors.
  const next = running.catch(() => undefined).then(() => syncPlants(source, now));
  running = next;
  return next;
}
let running: Promise<unknown> = Promise.resolve();

async function syncPlants(source: CopySource, now: number): Promise<SyncSummary> {
  const counts = (await source.estimate()).plants;
  const plants = plantsToKeep(
    readKeptPlants(),
    counts.map((p) => p.plant),
  );
  const db = await offlineDb();
  const previous = await keptIndex();
  const expected = estimateDownload(counts, plants);
  // Spec §9: a plant that does not fit in the room the browser gives is not started, however the sync was asked.
  const fresh = plants.filter((plant) => !previous?.plants[plant]);
  const budget = checkBudget(estimateDownload(counts, fresh).bytes, await storageRoom());
  if (budget.verdict === 'refuse') throw new Error(budget.message ?? 'Not enough room on this device.');
  const itemsTotal = expected.valves + expected.workOrders + expected.reliefTags;
  const summary: SyncSummary = { full: false, plants, valves: 0, workOrders: 0, reliefTags: 0, removed: 0, bytes: 0 };
  const next: KeptIndex = { plants: {} };
  const arrived: Photo[] = [];
  let itemsDone = 0;
  const report = (plant: string, received: number) =>
    publishProgress({ plant, itemsDone, itemsTotal, bytesDone: summary.bytes + received, bytesTotal: expected.bytes });
  try {
    for (const plant of plants) {
      report(plant, 0);
      // A plant kept before photos came with the feed is downloaded whole once, to bring its thumbnails.
      const before = previous?.plants[plant]?.photoIds ? previous.plants[plant] : undefined;
      const query = new URLSearchParams({ plant, ...(before ? { since: before.cursor } : {}) });
      const { changes, bytes } = await source.changes(`${CHANGES_PATH}?${query}`, (received) =>
        report(plant, received),
      );
      summary.bytes += bytes;
      summary.full ||= changes.full;
      const sizes: Record<string, number> = { ...before?.sizes };
      const tx = db.transaction('offlineData', 'readwrite');
      for (const valve of changes.valves) {
        void tx.store.put({ key: valvePath(valve.id), data: valve, timestamp: now, synced: true });
        sizes[valvePath(valve.id)] = sizeOf(valve);
      }
      const orders = workOrderListsOf(changes);
      for (const order of orders.details) {
        void tx.store.put({ key: workOrderPath(order.id), data: order, timestamp: now, synced: true });
        sizes[workOrderPath(order.id)] = sizeOf(order);
      }
      // Each changed valve's and order's gallery list, so its photos open offline without having been viewed.
      const photoLists = [
        ...changes.valves.map(
          (v) => [valvePhotosPath(v.id), changes.photos.filter((p) => p.valveId === v.id)] as const,
        ),
        ...changes.workOrders.map(
          (w) => [workOrderPhotosPath(w.id), changes.photos.filter((p) => p.workOrderId === w.id)] as const,
        ),
      ];
      for (const [path, list] of photoLists) {
        void tx.store.put({ key: path, data: list, timestamp: now, synced: true });
        sizes[path] = sizeOf(list);
      }
      // Each changed order's procedures, part lines, hours, downtime and failure report, worked on with no signal.
      for (const [path, list] of orders.lists) {
        void tx.store.put({ key: path, data: list, timestamp: now, synced: true });
        sizes[path] = sizeOf(list);
      }
      await tx.done;
      arrived.push(...changes.photos);
      summary.valves += changes.valves.length;
      summary.workOrders += changes.workOrders.length;
      const relief = await syncReliefTags(db, source, plant, sizes, now);
      summary.reliefTags += relief.fetched;
      summary.bytes += relief.bytes;
      const copy: PlantCopy = {
        cursor: changes.cursor,
        valveIds: changes.valveIds,
        workOrderIds: changes.workOrderIds,
        reliefTagIds: relief.ids,
        photoIds: changes.photoIds,
        documentIds: changes.documentIds,
        sizes: {},
        syncedAt: now,
      };
      // Only the records the plant lists now count towards its size.
      const listed = keptPaths({ plants: { [plant]: copy } });
      copy.sizes = Object.fromEntries(Object.entries(sizes).filter(([path]) => listed.has(path)));
      next.plants[plant] = copy;
      itemsDone += changes.valveIds.length + changes.workOrderIds.length + relief.ids.length;
      report(plant, 0);
    }
    // The record form's choices, so a test is recorded (and queued) on any kept tag with no signal.
    if (Object.values(next.plants).some((copy) => copy.reliefTagIds.length > 0)) {
      const options = await source.read(RELIEF_OPTIONS_PATH);
      await db.put('offlineData', { key: RELIEF_OPTIONS_PATH, data: options.data, timestamp: now, synced: true });
      summary.bytes += options.bytes;
    }
    summary.bytes += await keepLists(db, source, now);
    await db.put('offlineData', { key: CHANGES_PATH, data: next, timestamp: now, synced: true });
    summary.removed = await forgetUnlisted(db, next);
    const photoIds = new Set(Object.values(next.plants).flatMap((copy) => copy.photoIds ?? []));
    const recordBytes = Object.values(next.plants).reduce(
      (sum, copy) => sum + Object.values(copy.sizes).reduce((n, b) => n + b, 0),
      0,
    );
    summary.photos = await syncKeptPhotos(photoIds, arrived, recordBytes, now);
    const copies = Object.values(next.plants);
    // Documents are judged only once every kept plant lists them (a copy from before lists none).
    if (copies.every((copy) => copy.documentIds)) {
      summary.documentsDropped = await dropUnlistedDocuments(new Set(copies.flatMap((copy) => copy.documentIds ?? [])));
    }
    return summary;
  } finally {
    publishProgress(null);
  }
}

/**
 * The kept lists (procedures, plans, plants, the valve catalog, the failure codes), whole each sync. A list the user's role may not read is left out (the sync
 * goes on); a list that fails to arrive keeps its last copy. Answers the bytes received.
 */
async function keepLists(db: OfflineDb, source: CopySource, now: number): Promise<number> {
  let bytes = 0;
  for (const path of KEPT_LISTS) {
    const list = await source.read(path).catch(() => null);
    if (!list) continue;
    await db.put('offlineData', { key: path, data: list.data, timestamp: now, synced: true });
    bytes += list.bytes;
  }
  return bytes;
}

/** A response's body read chunk by chunk, so the screen can show the megabytes as they arrive. */
async function readBody(response: Response, onBytes: (received: number) => void): Promise<string> {
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.length;
    text += decoder.decode(value, { stream: true });
    onBytes(received);
  }
  return text + decoder.decode();
}

async function fetchText(path: string, onBytes: (received: number) => void = () => {}) {
  const response = await fetch(path, READ_REQUEST);
  if (!response.ok) throw new Error(`The offline download was refused (${response.status}).`);
  const text = await readBody(response, onBytes);
  return { text, bytes: new TextEncoder().encode(text).length };
}

/** The browser's own requests, with the size of what came over the wire (for the figures the user sees). */
export const browserSource: CopySource = {
  estimate: async () => JSON.parse((await fetchText(ESTIMATE_PATH)).text) as OfflineEstimate,
  changes: async (path, onBytes) => {
    const { text, bytes } = await fetchText(path, onBytes);
    return { changes: JSON.parse(text) as OfflineChanges, bytes };
  },
  read: async <T>(path: string) => {
    const { text, bytes } = await fetchText(path);
    return { data: JSON.parse(text) as T, bytes };
  },
};
