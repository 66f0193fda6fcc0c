import 'fake-indexeddb/auto';
import type { OfflineChanges } from '@common/schemas/offline-sync';
import { TEXTS } from '@common/texts';
import { beforeEach, describe, expect, it } from 'vitest';
import { pageOfValves } from './kept-lists';
import { CHANGES_PATH, keptIndex, syncOfflineCopy } from './offline-copy';
import { resetOfflineDbForTests } from './offline-db';
import { readThrough, storedRead, storeRead } from './read-cache';

beforeEach(() => resetOfflineDbForTests());

const valve = (id: number, fields: Record<string, unknown> = {}) =>
  ({
    id,
    valveId: `V-${String(id).padStart(3, '0')}-GV`,
    type: 'Gate Valve',
    manufacturer: 'Emerson Fisher',
    model: 'EZ',
    plant: 'Power Plant A',
    location: 'Boiler house',
    system: 'Feedwater',
    ...fields,
  }) as never;

const feed = (changes: Partial<OfflineChanges>) => {
  const asked: string[] = [];
  const fetchChanges = async (path: string) => {
    asked.push(path);
    const full: OfflineChanges = {
      cursor: '2026-11-24T10:00:00.000Z',
      full: true,
      valveIds: [],
      workOrderIds: [],
      valves: [],
      workOrders: [],
      ...changes,
    };
    return { changes: full, bytes: 1000 };
  };
  return { asked, fetchChanges };
};

describe('syncOfflineCopy', () => {
  it('stores every detail under the path the screens read, then asks only for changes since the cursor', async () => {
    const first = feed({
      valveIds: [1, 2],
      workOrderIds: [7],
      valves: [valve(1), valve(2)],
      workOrders: [{ id: 7 } as never],
    });
    expect(await syncOfflineCopy(first.fetchChanges)).toMatchObject({ full: true, valves: 2, workOrders: 1 });
    expect(first.asked).toEqual([CHANGES_PATH]);
    expect((await storedRead<{ id: number }>('/api/valves/2'))?.data.id).toBe(2);
    expect((await storedRead<{ id: number }>('/api/work-orders/7'))?.data.id).toBe(7);

    const second = feed({ full: false, cursor: '2026-11-25T10:00:00.000Z', valveIds: [2], workOrderIds: [7] });
    const summary = await syncOfflineCopy(second.fetchChanges);
    expect(second.asked).toEqual([`${CHANGES_PATH}?since=${encodeURIComponent('2026-11-24T10:00:00.000Z')}`]);
    // Valve 1 left the user's sight (deleted or moved out of their plants): the device forgets it.
    expect(summary).toMatchObject({ full: false, valves: 0, removed: 1 });
    expect(await storedRead('/api/valves/1')).toBeNull();
    expect(await storedRead('/api/valves/2')).not.toBeNull();
    expect((await keptIndex())?.bytes).toBe(2000);
  });
});

describe('reads with no signal', () => {
  const offline = async () => {
    throw new TypeError('Failed to fetch');
  };

  it('answer a search or a filter from the kept valve list', async () => {
    await storeRead('/api/valves', [valve(1), valve(2, { type: 'Ball Valve', manufacturer: 'Flowserve' }), valve(3)]);
    const found = await readThrough<{ items: { id: number }[] }>('/api/valves?limit=50&q=fisher%20gate', offline);
    expect(found.offline).toBe(true);
    expect(found.data.items.map((v) => v.id)).toEqual([1, 3]);
    const page = await readThrough<{ items: { id: number }[]; nextCursor: number | null }>(
      '/api/valves?limit=1&type=Ball%20Valve',
      offline,
    );
    expect(page.data).toMatchObject({ items: [{ id: 2 }], nextCursor: null });
  });

  it('say in plain words that a record was never downloaded', async () => {
    await expect(readThrough('/api/valves/99', offline)).rejects.toThrow(TEXTS.offline.notKept);
  });
});

describe('pageOfValves', () => {
  it('pages by id after the cursor, as the server does', () => {
    const all = [valve(5), valve(1), valve(3)] as never[];
    expect(pageOfValves(all, new URLSearchParams('limit=2'))).toMatchObject({
      items: [{ id: 1 }, { id: 3 }],
      nextCursor: 3,
    });
    expect(pageOfValves(all, new URLSearchParams('limit=2&cursor=3'))).toMatchObject({
      items: [{ id: 5 }],
      nextCursor: null,
    });
  });
});
