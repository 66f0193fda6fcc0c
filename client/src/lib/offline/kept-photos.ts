import type { Photo } from '@common/schemas/photos';
import { storageRoom } from './budget';
import { READ_REQUEST } from './early-reads';
import { offlineDb } from './offline-db';
import { type KeptPhotoFile, photoBudget, photosToEvict } from './photo-eviction';

/**
 * The kept photo files (issue 18): each photo's thumbnail, kept with its valve; a full image once opened online.
 * The bytes are in the Cache API under the image's URL, where the service worker answers the <img> from with no
 * signal (vite.config.ts); their sizes and last use are in offlineData under PHOTO_USE_KEY.
 */
export const PHOTO_CACHE = 'valveops-photos';
export const PHOTO_USE_KEY = '/api/offline/photos';
/** A gallery's kept list: the read GET /api/photos answers for one valve or work order. */
export const PHOTO_LIST = /^\/api\/photos\?(?:valveId|workOrderId)=\d+$/;
const IMAGE_URL = /^\/api\/photos\/(\d+)\/image(\?size=thumbnail)?$/;
const FETCHES_AT_ONCE = 4;

type PhotoUse = Record<string, { bytes: number; lastUsed: number }>;
export type KeptPhotoFigures = { thumbnails: number; thumbnailBytes: number; images: number; imageBytes: number };

const photoCache = () => (typeof caches === 'undefined' ? null : caches.open(PHOTO_CACHE));
const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};

async function readUse(): Promise<PhotoUse> {
  return ((await (await offlineDb()).get('offlineData', PHOTO_USE_KEY))?.data ?? {}) as PhotoUse;
}
async function saveUse(use: PhotoUse, now = Date.now()) {
  await (await offlineDb()).put('offlineData', { key: PHOTO_USE_KEY, data: use, timestamp: now, synced: true });
}

/** Every kept file with its size and last use; a file the service worker kept on its own is measured once. */
async function keptFiles(cache: Cache, use: PhotoUse): Promise<KeptPhotoFile[]> {
  const files: KeptPhotoFile[] = [];
  for (const request of await cache.keys()) {
    const url = pathOf(request);
    const match = IMAGE_URL.exec(url);
    if (!match) continue;
    if (!use[url]?.bytes) {
      const bytes = (await (await cache.match(request))?.blob())?.size ?? 0;
      use[url] = { bytes, lastUsed: use[url]?.lastUsed ?? 0 };
    }
    files.push({ url, kind: match[2] ? 'thumbnail' : 'full', ...use[url] });
  }
  return files;
}

/** A gallery showed these thumbnails or the full image was opened: they are the last to be dropped. */
export async function notePhotoUse(urls: string[], now = Date.now()): Promise<void> {
  const use = await readUse();
  for (const url of urls) {
    if (IMAGE_URL.test(url)) use[url] = { bytes: use[url]?.bytes ?? 0, lastUsed: now };
  }
  await saveUse(use, now);
}

/** A full image opened online is kept too (the service worker may already have kept it from the <img>). */
export async function keepFullImage(url: string, now = Date.now()): Promise<void> {
  const cache = await photoCache();
  if (cache && navigator.onLine && !(await cache.match(url))) {
    const response = await fetch(url, READ_REQUEST).catch(() => null);
    if (response?.ok) await cache.put(url, response);
  }
  await notePhotoUse([url], now);
}

/**
 * After a sync: photos no kept plant lists any more (deleted, moved, no longer visible) leave the galleries' lists
 * and the device; the thumbnails of the photos that arrived are fetched; then, over the budget, full images and
 * thumbnails are dropped least recently used first. `recordBytes` is what the kept records take.
 */
export async function syncKeptPhotos(
  listed: ReadonlySet<number>,
  arrived: Photo[],
  recordBytes: number,
  now = Date.now(),
): Promise<{ dropped: number; fetched: number; evicted: number }> {
  const db = await offlineDb();
  const tx = db.transaction('offlineData', 'readwrite');
  for (const key of await tx.store.getAllKeys()) {
    if (!PHOTO_LIST.test(key)) continue;
    const row = await tx.store.get(key);
    const list = (row?.data ?? []) as Photo[];
    const kept = list.filter((p) => listed.has(p.id));
    if (row && kept.length < list.length) void tx.store.put({ ...row, data: kept });
  }
  await tx.done;
  const cache = await photoCache();
  if (!cache) return { dropped: 0, fetched: 0, evicted: 0 };
  const use = await readUse();
  let dropped = 0;
  for (const request of await cache.keys()) {
    if (listed.has(Number(IMAGE_URL.exec(pathOf(request))?.[1]))) continue;
    await cache.delete(request);
    dropped += 1;
  }
  const wanted = arrived.map((p) => p.thumbnailUrl);
  let fetched = 0;
  for (let i = 0; i < wanted.length; i += FETCHES_AT_ONCE) {
    await Promise.all(
      wanted.slice(i, i + FETCHES_AT_ONCE).map(async (url) => {
        if (await cache.match(url)) return;
        // A thumbnail that cannot be fetched now is fetched when its gallery is opened online.
        const response = await fetch(url, READ_REQUEST).catch(() => null);
        if (!response?.ok) return;
        const blob = await response.clone().blob();
        await cache.put(url, response);
        use[url] = { bytes: blob.size, lastUsed: Math.max(use[url]?.lastUsed ?? 0, now) };
        fetched += 1;
      }),
    );
  }
  const files = await keptFiles(cache, use);
  const room = await storageRoom();
  const photoBytes = files.reduce((sum, f) => sum + f.bytes, 0);
  const evict = photosToEvict(files, photoBudget(recordBytes, photoBytes, room));
  for (const file of evict) await cache.delete(file.url);
  const gone = new Set(evict.map((f) => f.url));
  // Only what is in the cache keeps its line, so a thumbnail noted but never kept is fetched on its next arrival.
  await saveUse(Object.fromEntries(files.filter((f) => !gone.has(f.url)).map((f) => [f.url, use[f.url]])), now);
  return { dropped, fetched, evicted: evict.length };
}

/** How many thumbnails and full images are kept and their size, for /offline. */
export async function describeKeptPhotos(): Promise<KeptPhotoFigures> {
  const figures: KeptPhotoFigures = { thumbnails: 0, thumbnailBytes: 0, images: 0, imageBytes: 0 };
  const cache = await photoCache();
  if (!cache) return figures;
  const use = await readUse();
  for (const file of await keptFiles(cache, use)) {
    if (file.kind === 'thumbnail') {
      figures.thumbnails += 1;
      figures.thumbnailBytes += file.bytes;
    } else {
      figures.images += 1;
      figures.imageBytes += file.bytes;
    }
  }
  return figures;
}

/** "Clear cache" on /offline: the photo files go with the reads. */
export async function clearKeptPhotos(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(PHOTO_CACHE);
}
