import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetOfflineDbForTests } from './offline-db';
import { isStale, isUnreachable, listStoredReads, NotKeptOffline, readThrough, storedRead } from './read-cache';

beforeEach(() => resetOfflineDbForTests());

const answer =
  <T>(data: T, fromCache = false) =>
  async () => ({ data, fromCache });
const offline = async (): Promise<never> => {
  throw new TypeError('Failed to fetch');
};

describe('readThrough', () => {
  it('stores a good answer under its path and returns it as online', async () => {
    const result = await readThrough('/api/valves/1', answer({ id: 1 }));
    expect(result).toEqual({ data: { id: 1 }, offline: false, cachedAt: null });
    expect((await storedRead('/api/valves/1'))?.data).toEqual({ id: 1 });
  });

  it('does not store an answer a cache served', async () => {
    await readThrough('/api/valves', answer([1, 2], true));
    expect(await storedRead('/api/valves')).toBeNull();
  });

  it('falls back to the stored copy, marked offline with its age, when the network fails', async () => {
    await readThrough('/api/work-orders', answer([{ id: 7 }]));
    const result = await readThrough('/api/work-orders', offline);
    expect(result.offline).toBe(true);
    expect(result.data).toEqual([{ id: 7 }]);
    expect(typeof result.cachedAt).toBe('number');
  });

  it('also falls back when a gateway answers 502/503/504, but not on a real 404', async () => {
    await readThrough('/api/valves/2', answer({ id: 2 }));
    const gateway = Object.assign(new Error('503: unavailable'), { status: 503 });
    expect((await readThrough('/api/valves/2', () => Promise.reject(gateway))).offline).toBe(true);
    const missing = Object.assign(new Error('404: Valve not found'), { status: 404 });
    await expect(readThrough('/api/valves/2', () => Promise.reject(missing))).rejects.toBe(missing);
  });

  it('says the record was never downloaded when nothing is stored, and it still counts as unreachable', async () => {
    const error = await readThrough('/api/valves/99', offline).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotKeptOffline);
    expect(isUnreachable(error)).toBe(true);
  });

  it('lists what is stored', async () => {
    await readThrough('/api/a', answer(1));
    await readThrough('/api/b', answer(2));
    expect((await listStoredReads()).map((r) => r.key).sort()).toEqual(['/api/a', '/api/b']);
  });
});

describe('isStale', () => {
  it('is stale when absent or older than one hour', () => {
    const now = 10_000_000;
    expect(isStale(null, now)).toBe(true);
    expect(isStale(now - 3_600_000, now)).toBe(false);
    expect(isStale(now - 3_600_001, now)).toBe(true);
  });
});
