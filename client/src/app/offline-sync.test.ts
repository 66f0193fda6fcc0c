import 'fake-indexeddb/auto';
import type { SessionUser } from '@common/schemas/auth';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetOfflineDbForTests } from '@/lib/offline/offline-db';
import { syncQueue } from '@/lib/offline/sync-engine';
import { sessionQuery } from '@/lib/session/session-query';
import { startSync } from './offline-sync';

const technician: SessionUser = {
  id: 7,
  name: 'Maria Santos',
  email: 'technician@northfield.example',
  role: 'technician',
  organizationId: 1,
  organizationName: 'Northfield Energy',
  demo: true,
  plants: [],
};

/**
 * A browser page with a signal, recording what it asks the server. No answer ever comes: what matters is whether
 * the page asks at all, and a preload left waiting cannot outlive the test.
 */
function page() {
  const asked: string[] = [];
  const store = new Map<string, string>();
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Promise<Response>(() => {});
    }),
  );
  return asked;
}

beforeEach(() => {
  resetOfflineDbForTests();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the app’s offline sync', () => {
  it('asks the server for nothing on a visitor’s page, preloads once someone signs in, stops when they sign out', async () => {
    const asked = page();
    const queryClient = new QueryClient();
    const stop = startSync(queryClient, () => {});

    queryClient.setQueryData(sessionQuery.queryKey, null);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toEqual([]);

    queryClient.setQueryData(sessionQuery.queryKey, technician);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(asked).toContain('/api/valves');

    queryClient.setQueryData(sessionQuery.queryKey, null);
    asked.length = 0;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toEqual([]);
    stop();
    // The replay round that signing in started reads the queue from IndexedDB: let it end inside the test.
    await syncQueue();
  });
});
