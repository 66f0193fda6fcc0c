import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetOfflineDbForTests } from './offline-db';
import { ANALYTICS_READS, CRITICAL_READS, MANUAL_READS, preload } from './preload';
import { storeRead } from './read-cache';
import { DEFAULT_SETTINGS } from './settings';

beforeEach(() => resetOfflineDbForTests());

describe('preload', () => {
  it('reads the critical paths, then ten valve details and the offline copy after 2 s, then analytics and manuals after 5 s', async () => {
    const order: string[] = [];
    const pauses: number[] = [];
    const read = vi.fn(async (path: string) => {
      order.push(path);
      if (path === '/api/valves')
        await storeRead(
          path,
          Array.from({ length: 15 }, (_, i) => ({ id: i + 1 })),
        );
    });
    // The clock stands still, so the pauses are exactly what is left of 2 s and 5 s however slow the machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await preload(
        read,
        DEFAULT_SETTINGS,
        async (ms) => pauses.push(ms),
        async () => order.push('sync'),
        () => null,
      );
    } finally {
      vi.useRealTimers();
    }
    expect(order.slice(0, 4)).toEqual(CRITICAL_READS);
    expect(order.slice(4, 14)).toEqual(Array.from({ length: 10 }, (_, i) => `/api/valves/${i + 1}`));
    expect(order[14]).toBe('sync');
    expect(order.slice(15)).toEqual([...ANALYTICS_READS, ...MANUAL_READS]);
    expect(pauses).toEqual([2000, 5000]);
  });

  it('reads the first ten valves of the plants kept on the device, as chosen when it reads them', async () => {
    const read = vi.fn(async (path: string) => {
      if (path === '/api/valves')
        await storeRead(
          path,
          Array.from({ length: 30 }, (_, i) => ({ id: i + 1, plant: i % 3 === 0 ? 'Gas Plant B' : 'Power Plant A' })),
        );
    });
    let kept: string[] | null = null;
    // The plant is picked on /offline while the critical reads run.
    const pause = async () => {
      kept = ['Gas Plant B'];
    };
    await preload(
      read,
      DEFAULT_SETTINGS,
      pause,
      async () => {},
      () => kept,
    );
    const details = read.mock.calls.map(([path]) => path).filter((path) => /^\/api\/valves\/\d+$/.test(path));
    expect(details).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28].map((id) => `/api/valves/${id}`));
  });

  it('honours the settings and survives failed reads', async () => {
    const read = vi.fn(async (path: string) => {
      if (path === '/api/work-orders') throw new Error('503: down');
    });
    const sync = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await preload(
      read,
      { ...DEFAULT_SETTINGS, preloadAnalytics: false, preloadManuals: false },
      async () => {},
      sync,
      () => null,
    );
    expect(sync).toHaveBeenCalledOnce();
    expect(read.mock.calls.map(([p]) => p)).toEqual(CRITICAL_READS);
  });
});
