import { offlineDb } from './offline-db';

/** The document files kept once opened: the service worker's cache of GET /api/documents/:id/file (vite.config.ts). */
export const DOCUMENT_CACHE = 'valve-documents';
const FILE_URL = /^\/api\/documents\/(\d+)\/file$/;
/** A valve's kept document list: the read GET /api/valves/:id/documents answers. */
const DOCUMENT_LIST = /^\/api\/valves\/\d+\/documents$/;

/**
 * After a sync: documents no kept plant lists any more (deleted, or their valve out of the user's plants) leave
 * the device, their files and their lines in the valves' kept lists (issue 27 item 14). Returns the files dropped.
 */
export async function dropUnlistedDocuments(listed: ReadonlySet<number>): Promise<number> {
  const db = await offlineDb();
  const tx = db.transaction('offlineData', 'readwrite');
  for (const key of await tx.store.getAllKeys()) {
    if (!DOCUMENT_LIST.test(key)) continue;
    const row = await tx.store.get(key);
    const list = (row?.data ?? []) as { id: number }[];
    const kept = list.filter((document) => listed.has(document.id));
    if (row && kept.length < list.length) void tx.store.put({ ...row, data: kept });
  }
  await tx.done;
  if (typeof caches === 'undefined') return 0;
  const cache = await caches.open(DOCUMENT_CACHE);
  let dropped = 0;
  for (const request of await cache.keys()) {
    const id = Number(FILE_URL.exec(new URL(request.url).pathname)?.[1]);
    if (!id || listed.has(id)) continue;
    await cache.delete(request);
    dropped += 1;
  }
  return dropped;
}
