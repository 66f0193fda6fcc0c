import type { ValveLookup } from '@common/schemas/valves';
import type { QueryClient } from '@tanstack/react-query';
import { cachedGet } from '@/lib/offline/cached-get';
import { offlineDb } from '@/lib/offline/offline-db';
import { isUnreachable } from '@/lib/offline/read-cache';
import { findValveIn } from '../saved-valve';

export const valveLookupPath = (tag: string) => `/api/valves/valve-id/${encodeURIComponent(tag)}`;

/** The server could not be asked and this device holds no copy of the valve. */
export class LookupOffline extends Error {}

/**
 * The scanner's lookup (spec §7 GET /api/valves/valve-id/:valveId), through the offline store. Without a
 * connection it answers from the saved copy of this lookup, else from any valve list or detail the app holds in
 * memory or saved on the device. A 404 (or any refusal) is thrown as it is: the valve is not found.
 */
export async function lookupValve(tag: string, queryClient: QueryClient): Promise<ValveLookup> {
  try {
    return (await cachedGet<ValveLookup>(valveLookupPath(tag))).data;
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    const inMemory = queryClient
      .getQueryCache()
      .findAll({ queryKey: ['/api/valves'] })
      .map((query) => query.state.data);
    const found = findValveIn(inMemory, tag);
    if (found) return found;
    try {
      const rows = await (await offlineDb()).getAll('offlineData');
      const saved = findValveIn(
        rows.filter((row) => row.key.startsWith('/api/valves')).map((row) => row.data),
        tag,
      );
      if (saved) return saved;
    } catch (storeError) {
      console.warn('could not read saved valves', storeError);
    }
    throw new LookupOffline('Valve not found on this device');
  }
}
