import { STORAGE_GUIDANCE } from '@common/constants';
import type { StorageRoom } from './budget';

/** One kept photo file: a thumbnail (kept with its valve) or a full image (kept once opened online). */
export type KeptPhotoFile = { url: string; kind: 'thumbnail' | 'full'; bytes: number; lastUsed: number };

/**
 * The room photos may take on this device (spec §9): what the ~50 MB of critical data leaves after the kept
 * records, and never so much that the browser is left under 1 GB free. `photoBytes` is what they take now, so the
 * free-space limit counts it as theirs.
 */
export function photoBudget(recordBytes: number, photoBytes: number, room: StorageRoom | null): number {
  const critical = STORAGE_GUIDANCE.criticalDataBytes - recordBytes;
  if (!room || room.quota <= 0) return Math.max(0, critical);
  const freeForPhotos = room.quota - room.usage + photoBytes - STORAGE_GUIDANCE.keepFreeBytes;
  return Math.max(0, Math.min(critical, freeForPhotos));
}

/**
 * What to drop to bring the kept photos within `budget` bytes: full images first, least recently used first, then
 * thumbnails the same way (issue 18: least-recently-used thumbnails go first of what the round needs; a full image
 * can be opened again online). The valve and work order records are never in this list.
 */
export function photosToEvict(files: readonly KeptPhotoFile[], budget: number): KeptPhotoFile[] {
  let total = files.reduce((sum, f) => sum + f.bytes, 0);
  if (total <= budget) return [];
  const order = [...files].sort(
    (a, b) =>
      (a.kind === b.kind ? 0 : a.kind === 'full' ? -1 : 1) || a.lastUsed - b.lastUsed || a.url.localeCompare(b.url),
  );
  const evicted: KeptPhotoFile[] = [];
  for (const file of order) {
    if (total <= budget) break;
    evicted.push(file);
    total -= file.bytes;
  }
  return evicted;
}
