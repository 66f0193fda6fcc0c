import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetOfflineDbForTests } from './offline-db';
import { sendOrQueue } from './offline-write';
import { listQueue } from './write-queue';

beforeEach(() => resetOfflineDbForTests());
afterEach(() => vi.unstubAllGlobals());

describe('sendOrQueue', () => {
  it('queues a write made offline, with its key, and answers success and queued', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const reply = await sendOrQueue('POST', '/api/work-orders', { title: 'A' }, { idempotencyKey: 'key-offline-1' });
    expect(reply).toEqual({ success: true, queued: true });
    expect(fetchSpy).not.toHaveBeenCalled();
    const [queued] = await listQueue();
    expect(queued).toEqual(expect.objectContaining({ url: '/api/work-orders', method: 'POST', body: '{"title":"A"}' }));
    expect(queued.headers['Idempotency-Key']).toBe('key-offline-1');
  });

  it('queues when the request cannot get through although the device says online', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await sendOrQueue('PATCH', '/api/valves/1', { version: 1 }, { idempotencyKey: 'key-offline-2' })).toEqual({
      success: true,
      queued: true,
    });
    expect(await listQueue()).toHaveLength(1);
  });

  it('sends online, and lets a refusal through to the form instead of queueing it', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(new Response('{"id":5}', { status: 201 })));
    expect(await sendOrQueue('POST', '/api/work-orders', {}, { idempotencyKey: 'key-online-1' })).toEqual({ id: 5 });
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValueOnce(new Response('{"message":"title is required"}', { status: 400 })),
    );
    await expect(sendOrQueue('POST', '/api/work-orders', {}, { idempotencyKey: 'key-online-2' })).rejects.toThrow(
      /^400: /,
    );
    expect(await listQueue()).toEqual([]);
  });
});
