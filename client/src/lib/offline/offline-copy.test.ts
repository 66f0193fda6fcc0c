import 'fake-indexeddb/auto';
import type { OfflineChanges } from '@common/schemas/offline-sync';
import { TEXTS } from '@common/texts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type DownloadProgress, getProgress } from './download-progress';
import { pageOfValves } from './kept-lists';
import { saveKeptPlants } from './kept-plants';
import {
  CHANGES_PATH,
  type CopySource,
  dropPlantsNotKept,
  KEPT_LISTS,
  keptIndex,
  syncOfflineCopy,
} from './offline-copy';
import { resetOfflineDbForTests } from './offline-db';
import { readThrough, storedRead, storeRead } from './read-cache';

/** The plant choice lives in localStorage; a Map stands in for it here. */
const saved = new Map<string, string>();
globalThis.localStorage = {
  getItem: (k: string) => saved.get(k) ?? null,
  setItem: (k: string, v: string) => saved.set(k, v),
  removeItem: (k: string) => saved.delete(k),
  clear: () => saved.clear(),
} as unknown as Storage;

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

type Plant = { changes: Partial<OfflineChanges>; tags?: { id: number; [k: string]: unknown }[] };

/** A stand-in server: per plant, the feed's answer and the relief tags; records what the device asked. */
const server = (plants: Record<string, Plant>) => {
  const asked: string[] = [];
  const source: CopySource = {
    estimate: async () => ({
      plants: Object.entries(plants).map(([plant, p]) => ({
        plant,
        valves: p.changes.valveIds?.length ?? 0,
        workOrders: p.changes.workOrderIds?.length ?? 0,
        reliefTags: p.tags?.length ?? 0,
      })),
    }),
    changes: async (path, onBytes) => {
      asked.push(path);
      onBytes(500);
      const plant = new URL(path, 'http://x').searchParams.get('plant') ?? '';
      const changes: OfflineChanges = {
        cursor: '2026-11-24T10:00:00.000Z',
        full: true,
        valveIds: [],
        workOrderIds: [],
        valves: [],
        workOrders: [],
        photoIds: [],
        photos: [],
        documentIds: [],
        procedureRuns: [],
        ledgers: [],
        ...plants[plant].changes,
      };
      return { changes, bytes: 1000 };
    },
    read: async <T>(path: string) => {
      asked.push(path);
      const url = new URL(path, 'http://x');
      if (KEPT_LISTS.includes(path)) return { data: [] as T, bytes: 10 };
      const plant = url.searchParams.get('plant');
      if (plant) return { data: (plants[plant].tags ?? []) as T, bytes: 100 };
      const id = Number(url.pathname.split('/').pop());
      const tag = Object.values(plants)
        .flatMap((p) => p.tags ?? [])
        .find((t) => t.id === id);
      return { data: { ...tag, tests: [] } as T, bytes: 200 };
    },
  };
  return { asked, source };
};

const gasPlant: Plant = {
  changes: { valveIds: [9], workOrderIds: [], valves: [valve(9, { plant: 'Gas Plant B' })] },
};

describe('syncOfflineCopy', () => {
  beforeEach(() => localStorage.clear());

  it("stores every detail under the path the screens read, then asks only for changes since each plant's cursor", async () => {
    const first = server({
      'Power Plant A': {
        changes: {
          valveIds: [1, 2],
          workOrderIds: [7],
          valves: [valve(1), valve(2)],
          workOrders: [{ id: 7 } as never],
        },
        tags: [{ id: 3, tag: 'PSV-101', nextDueOn: '2027-01-01' }],
      },
    });
    expect(await syncOfflineCopy(first.source)).toMatchObject({ full: true, valves: 2, workOrders: 1, reliefTags: 1 });
    expect(first.asked[0]).toBe(`${CHANGES_PATH}?plant=Power+Plant+A`);
    expect((await storedRead<{ id: number }>('/api/valves/2'))?.data.id).toBe(2);
    expect((await storedRead<{ id: number }>('/api/work-orders/7'))?.data.id).toBe(7);
    expect((await storedRead<{ tag: string }>('/api/relief-valves/tags/3'))?.data.tag).toBe('PSV-101');

    const second = server({
      'Power Plant A': {
        changes: { full: false, cursor: '2026-11-25T10:00:00.000Z', valveIds: [2], workOrderIds: [7] },
        tags: [{ id: 3, tag: 'PSV-101', nextDueOn: '2027-01-01' }],
      },
    });
    const later = Date.now() + 3_600_000;
    const summary = await syncOfflineCopy(second.source, later);
    expect(second.asked[0]).toBe(
      `${CHANGES_PATH}?plant=Power+Plant+A&since=${encodeURIComponent('2026-11-24T10:00:00.000Z')}`.replace(
        /%20/g,
        '+',
      ),
    );
    // The tag's line did not change: its detail is not asked for again.
    expect(second.asked).not.toContain('/api/relief-valves/tags/3');
    // Valve 1 left the user's sight (deleted or moved out of their plants): the device forgets it.
    expect(summary).toMatchObject({ full: false, valves: 0, reliefTags: 0, removed: 1 });
    expect(await storedRead('/api/valves/1')).toBeNull();
    expect(await storedRead('/api/valves/2')).not.toBeNull();
    expect((await keptIndex())?.plants['Power Plant A'].cursor).toBe('2026-11-25T10:00:00.000Z');
    // Valve 2 did not change: with no signal it is as fresh as the last sync, not as its first download.
    const offline = await readThrough('/api/valves/2', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(offline.cachedAt).toBe(later);
  });

  it("keeps each changed order's procedures and the procedures and plans lists; an order's go with it", async () => {
    const run = { id: 4, workOrderId: 7, results: [] } as never;
    const first = server({
      'Power Plant A': {
        changes: {
          valveIds: [1],
          workOrderIds: [7, 8],
          valves: [valve(1)],
          workOrders: [{ id: 7 } as never, { id: 8 } as never],
          procedureRuns: [
            { workOrderId: 7, runs: [run] },
            { workOrderId: 8, runs: [] },
          ],
        },
      },
    });
    await syncOfflineCopy(first.source);
    expect((await storedRead('/api/work-orders/7/procedures'))?.data).toEqual([run]);
    // An order with none keeps the empty list: its tab says so offline, rather than "could not be loaded".
    expect((await storedRead('/api/work-orders/8/procedures'))?.data).toEqual([]);
    for (const path of KEPT_LISTS) expect(first.asked).toContain(path);
    expect(await storedRead('/api/procedures')).not.toBeNull();
    expect(await storedRead('/api/plants')).not.toBeNull();

    const second = server({
      'Power Plant A': { changes: { full: false, valveIds: [1], workOrderIds: [8] } },
    });
    const summary = await syncOfflineCopy(second.source, Date.now() + 1000);
    expect(summary.removed).toBe(1);
    expect(await storedRead('/api/work-orders/7/procedures')).toBeNull();
    expect(await storedRead('/api/work-orders/8/procedures')).not.toBeNull();
  });

  it("keeps each changed valve's and order's photo list, and drops a photo no longer listed on the next sync", async () => {
    const photo = (id: number, owner: { valveId?: number; workOrderId?: number }) =>
      ({
        id,
        valveId: null,
        workOrderId: null,
        ...owner,
        thumbnailUrl: `/api/photos/${id}/image?size=thumbnail`,
      }) as never;
    const first = server({
      'Power Plant A': {
        changes: {
          valveIds: [1, 2],
          workOrderIds: [7],
          valves: [valve(1), valve(2)],
          workOrders: [{ id: 7 } as never],
          photoIds: [11, 12, 13],
          photos: [photo(12, { valveId: 1 }), photo(11, { valveId: 1 }), photo(13, { workOrderId: 7 })],
        },
      },
    });
    await syncOfflineCopy(first.source);
    expect((await storedRead<{ id: number }[]>('/api/photos?valveId=1'))?.data.map((p) => p.id)).toEqual([12, 11]);
    expect((await storedRead<unknown[]>('/api/photos?valveId=2'))?.data).toEqual([]);
    expect((await storedRead<{ id: number }[]>('/api/photos?workOrderId=7'))?.data.map((p) => p.id)).toEqual([13]);

    // Photo 12 was deleted: nothing else changed, yet it leaves the valve's kept gallery.
    const second = server({
      'Power Plant A': { changes: { full: false, valveIds: [1, 2], workOrderIds: [7], photoIds: [11, 13] } },
    });
    await syncOfflineCopy(second.source);
    expect((await storedRead<{ id: number }[]>('/api/photos?valveId=1'))?.data.map((p) => p.id)).toEqual([11]);
    expect((await keptIndex())?.plants['Power Plant A'].sizes['/api/photos?valveId=1']).toBeGreaterThan(0);
  });

  it('drops a kept document that no kept plant lists any more, its file and its line in the list', async () => {
    const files = new Map<string, Response>([
      ['http://x/api/documents/21/file', new Response('%PDF-1.7 kept')],
      ['http://x/api/documents/22/file', new Response('%PDF-1.7 deleted since')],
    ]);
    const cache = {
      keys: async () => [...files.keys()].map((url) => new Request(url)),
      delete: async (request: Request) => files.delete(request.url),
    };
    vi.stubGlobal('caches', { open: async (name: string) => (name === 'valve-documents' ? cache : null) });
    await storeRead('/api/valves/1/documents', [{ id: 22 }, { id: 21 }]);
    const sync = server({ 'Power Plant A': { changes: { valveIds: [1], valves: [valve(1)], documentIds: [21] } } });
    const summary = await syncOfflineCopy(sync.source);
    expect(summary.documentsDropped).toBe(1);
    expect([...files.keys()]).toEqual(['http://x/api/documents/21/file']);
    expect((await storedRead<{ id: number }[]>('/api/valves/1/documents'))?.data).toEqual([{ id: 21 }]);
    vi.unstubAllGlobals();
  });

  it('downloads only the picked plants, and unpicking a plant drops its records from the device', async () => {
    const plants = {
      'Power Plant A': { changes: { valveIds: [1], workOrderIds: [], valves: [valve(1)] } },
      'Gas Plant B': gasPlant,
    };
    const { asked, source } = server(plants);
    await syncOfflineCopy(source);
    expect(asked.filter((p) => p.startsWith(CHANGES_PATH))).toHaveLength(2);
    expect(await storedRead('/api/valves/9')).not.toBeNull();

    saveKeptPlants(['Power Plant A']);
    expect(await dropPlantsNotKept()).toBe(1);
    expect(await storedRead('/api/valves/9')).toBeNull();
    expect(await storedRead('/api/valves/1')).not.toBeNull();
    expect(Object.keys((await keptIndex())?.plants ?? {})).toEqual(['Power Plant A']);

    const again = server(plants);
    await syncOfflineCopy(again.source);
    expect(again.asked.filter((p) => p.startsWith(CHANGES_PATH))).toEqual([
      expect.stringContaining('plant=Power+Plant+A&since='),
    ]);
  });

  it('publishes its progress (records and bytes) while it runs, and nothing once done', async () => {
    const seen: (DownloadProgress | null)[] = [];
    const { source } = server({ 'Gas Plant B': gasPlant });
    const changes = source.changes;
    source.changes = async (path, onBytes) => {
      const answer = await changes(path, onBytes);
      seen.push(getProgress());
      return answer;
    };
    await syncOfflineCopy(source);
    expect(seen[0]).toMatchObject({ plant: 'Gas Plant B', itemsDone: 0, itemsTotal: 1, bytesDone: 500 });
    expect(getProgress()).toBeNull();
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

  it('answer the relief due list, its summary and the valve panel from the kept tags', async () => {
    const { source } = server({
      'Power Plant A': {
        changes: { valveIds: [1], workOrderIds: [], valves: [valve(1)] },
        tags: [
          { id: 4, tag: 'PSV-2', plant: 'Power Plant A', valve: null, nextDueOn: '2099-01-01' },
          {
            id: 3,
            tag: 'PSV-1',
            plant: 'Power Plant A',
            valve: { id: 1, valveId: 'V-001-GV' },
            nextDueOn: '2000-01-01',
          },
        ],
      },
    });
    await syncOfflineCopy(source);
    const due = await readThrough<{ tag: string }[]>('/api/relief-valves/tags', offline);
    expect(due.data.map((t) => t.tag)).toEqual(['PSV-1', 'PSV-2']);
    const onValve = await readThrough<{ tag: string }[]>('/api/relief-valves/tags?valveId=1', offline);
    expect(onValve.data.map((t) => t.tag)).toEqual(['PSV-1']);
    const soon = await readThrough<{ tag: string }[]>('/api/relief-valves/tags?dueBy=2030-01', offline);
    expect(soon.data.map((t) => t.tag)).toEqual(['PSV-1']);
    expect((await readThrough('/api/relief-valves/summary', offline)).data).toEqual({
      tags: 2,
      overdue: 1,
      dueThisMonth: 0,
    });
    expect((await readThrough<{ tests: unknown[] }>('/api/relief-valves/tags/3', offline)).data.tests).toEqual([]);
  });

  it('work out the dashboard figures from the kept lists when the figures were never saved', async () => {
    const order = (id: number, status: string, dueDate: string | null) => ({ id, status, dueDate }) as never;
    await storeRead('/api/work-orders', [
      order(1, 'pending', '2000-01-01T00:00:00.000Z'),
      order(2, 'in_progress', null),
      order(3, 'completed', null),
      order(4, 'completed', null),
    ]);
    await storeRead('/api/valves', [valve(1, { status: 'overdue' }), valve(2, { status: 'active' })]);
    const figures = await readThrough('/api/dashboard/stats', offline);
    expect(figures.offline).toBe(true);
    expect(figures.data).toEqual({ activeWorkOrders: 2, overdueItems: 2, inspectionsToday: 0, completionRate: 50 });
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
