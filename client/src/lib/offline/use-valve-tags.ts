import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { offlineDb } from './offline-db';
import { valveTagIn } from './pending-changes';

/**
 * Valve tags for valve ids, from the valve reads the app holds in memory or saved on the device. An id no read
 * knows is left out: the screen then says nothing rather than guessing.
 */
export function useValveTags(valveIds: number[]): ReadonlyMap<number, string> {
  const queryClient = useQueryClient();
  const [tags, setTags] = useState<ReadonlyMap<number, string>>(new Map());
  const wanted = [...new Set(valveIds)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!wanted) return;
    let alive = true;
    const ids = wanted.split(',').map(Number);
    const inMemory = queryClient
      .getQueryCache()
      .findAll({ queryKey: ['/api/valves'] })
      .map((query) => query.state.data);
    const found = new Map<number, string>();
    const missing: number[] = [];
    for (const id of ids) {
      const tag = valveTagIn(inMemory, id);
      if (tag) found.set(id, tag);
      else missing.push(id);
    }
    setTags(found);
    if (missing.length === 0) return;
    void (async () => {
      try {
        const rows = await (await offlineDb()).getAll('offlineData');
        const stored = rows.filter((row) => row.key.startsWith('/api/valves')).map((row) => row.data);
        const more = new Map(found);
        for (const id of missing) {
          const tag = valveTagIn(stored, id);
          if (tag) more.set(id, tag);
        }
        if (alive && more.size > found.size) setTags(more);
      } catch (error) {
        console.warn('could not read saved valves', error);
      }
    })();
    return () => {
      alive = false;
    };
  }, [queryClient, wanted]);
  return tags;
}
