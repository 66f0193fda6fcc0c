import { STORAGE_GUIDANCE } from '@common/constants';
import type { OfflineEstimate } from '@common/schemas/offline-sync';

/**
 * The average size of one kept record as the change feed sends it (JSON), measured on the demo plant and the
 * 2,000-valve bench (`npm run bench -- --only offline`; a tag with its line in the due list): what turns the
 * server's counts into megabytes.
 */
export const RECORD_BYTES = { valve: 5_100, workOrder: 1_000, reliefTag: 1_800 } as const;

export type PlantCounts = OfflineEstimate['plants'][number];
export type DownloadEstimate = { valves: number; workOrders: number; reliefTags: number; bytes: number };

const bytesOf = (p: Pick<PlantCounts, 'valves' | 'workOrders' | 'reliefTags'>) =>
  p.valves * RECORD_BYTES.valve + p.workOrders * RECORD_BYTES.workOrder + p.reliefTags * RECORD_BYTES.reliefTag;

/** What downloading `plants` would keep, summed from the server's per-plant counts. */
export function estimateDownload(counts: PlantCounts[], plants: readonly string[]): DownloadEstimate {
  const total: DownloadEstimate = { valves: 0, workOrders: 0, reliefTags: 0, bytes: 0 };
  for (const p of counts) {
    if (!plants.includes(p.plant)) continue;
    total.valves += p.valves;
    total.workOrders += p.workOrders;
    total.reliefTags += p.reliefTags;
    total.bytes += bytesOf(p);
  }
  return total;
}

export const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

export type StorageRoom = { usage: number; quota: number };
export type BudgetVerdict = { verdict: 'ok' | 'warn' | 'refuse'; message: string | null };

/**
 * Spec §9's guidance against what the browser says it may keep (navigator.storage.estimate): a download that does
 * not fit is refused; one that leaves less than 1 GB free, or is above the ~50 MB the spec gives critical data, is
 * allowed with a warning (pick fewer plants). With no estimate from the browser there is nothing to check against.
 */
export function checkBudget(bytes: number, room: StorageRoom | null): BudgetVerdict {
  if (room && room.quota > 0) {
    const free = room.quota - room.usage;
    if (bytes > free) {
      return {
        verdict: 'refuse',
        message: `Not enough room on this device: about ${megabytes(bytes)} needed, ${megabytes(Math.max(0, free))} free. Pick fewer plants.`,
      };
    }
    if (free - bytes < STORAGE_GUIDANCE.keepFreeBytes) {
      return {
        verdict: 'warn',
        message: `This leaves less than 1 GB free for the browser on this device (${megabytes(free - bytes)}).`,
      };
    }
  }
  if (bytes > STORAGE_GUIDANCE.criticalDataBytes) {
    return {
      verdict: 'warn',
      message: `More than the 50 MB planned for offline data. Pick fewer plants if the phone is short of space.`,
    };
  }
  return { verdict: 'ok', message: null };
}

/** The browser's own figures, or null where it gives none (spec §8: 'Storage information not available'). */
export async function storageRoom(): Promise<StorageRoom | null> {
  try {
    if (!navigator.storage?.estimate) return null;
    const { usage = 0, quota = 0 } = await navigator.storage.estimate();
    return { usage, quota };
  } catch {
    return null;
  }
}
