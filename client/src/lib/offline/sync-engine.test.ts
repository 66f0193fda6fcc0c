import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetOfflineDbForTests } from './offline-db';
import { syncQueue } from './sync-engine';
import { enqueueWrite, listQueue, needingAttention, pendingCount, retryWrite } from './write-queue';

beforeEach(() => resetOfflineDbForTests());

const json = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the write queue', () => {
  it('keeps writes in order with an Idempotency-Key each, and counts them', async () => {
    await enqueueWrite({ url: '/api/work-orders', method: 'POST', body: { title: 'A' } });
    await enqueueWrite({
      url: '/api/work-orders/1/notes',
      method: 'POST',
      body: { text: 'B' },
      idempotencyKey: 'given-key-123',
    });
    const queue = await listQueue();
    expect(queue.map((w) => w.url)).toEqual(['/api/work-orders', '/api/work-orders/1/notes']);
    expect(queue[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(queue[1].headers['Idempotency-Key']).toBe('given-key-123');
    expect(JSON.parse(queue[0].body ?? '')).toEqual({ title: 'A' });
    expect(await pendingCount()).toBe(2);
  });
});

describe('syncQueue', () => {
  it('replays in order, removing each write the server accepted', async () => {
    await enqueueWrite({ url: '/api/work-orders', method: 'POST', body: { title: 'first' } });
    await enqueueWrite({ url: '/api/work-orders', method: 'POST', body: { title: 'second' } });
    const seen: string[] = [];
    const send = vi.fn(async (request: Request) => {
      seen.push((await request.json()).title);
      expect(request.headers.get('Idempotency-Key')).toBeTruthy();
      return json(201);
    });
    expect(await syncQueue(send)).toEqual({ sent: 2, needsAttention: 0, stoppedBy: null });
    expect(seen).toEqual(['first', 'second']);
    expect(await listQueue()).toEqual([]);
  });

  it('keeps everything when the network is down, and the next round sends it', async () => {
    await enqueueWrite({ url: '/api/a', method: 'POST', body: {} });
    await enqueueWrite({ url: '/api/b', method: 'POST', body: {} });
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect((await syncQueue(down)).stoppedBy).toBe('network');
    expect(down).toHaveBeenCalledTimes(1);
    expect(await pendingCount()).toBe(2);
    expect((await syncQueue(async () => json(200))).sent).toBe(2);
  });

  it('moves a permanently refused write to needs attention with the server’s reason, and goes on', async () => {
    await enqueueWrite({ url: '/api/work-orders/5/status', method: 'POST', body: { version: 1, status: 'completed' } });
    await enqueueWrite({ url: '/api/work-orders/5/notes', method: 'POST', body: { text: 'after' } });
    const send = async (request: Request) =>
      request.url.endsWith('/status')
        ? json(409, { message: 'Start the work order before completing it.' })
        : json(201);
    expect(await syncQueue(send)).toEqual({ sent: 1, needsAttention: 1, stoppedBy: null });
    const [refused] = await needingAttention();
    expect(refused.attention).toEqual(
      expect.objectContaining({ status: 409, message: 'Start the work order before completing it.' }),
    );
    expect(await pendingCount()).toBe(0);

    const oldKey = refused.headers['Idempotency-Key'];
    await retryWrite(refused.id ?? 0, { version: 2, status: 'in_progress' });
    const [again] = await listQueue();
    expect(again.attention).toBeUndefined();
    expect(again.headers['Idempotency-Key']).not.toBe(oldKey);
    expect(JSON.parse(again.body ?? '')).toEqual({ version: 2, status: 'in_progress' });
  });

  it('stops on a server error or an expired session and keeps the write', async () => {
    await enqueueWrite({ url: '/api/a', method: 'POST', body: {} });
    expect((await syncQueue(async () => json(500))).stoppedBy).toBe('server');
    expect((await syncQueue(async () => json(401))).stoppedBy).toBe('signed-out');
    expect(await pendingCount()).toBe(1);
  });

  it('uploads a photo taken offline as multipart, then forgets the file', async () => {
    const blob = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    await enqueueWrite(
      { url: '/api/photos', method: 'POST' },
      { id: 'photo-1', blob, fileName: 'valve.jpg', fields: { valveId: '3', description: 'Leak' } },
    );
    let form: FormData | null = null;
    await syncQueue(async (request) => {
      form = await request.formData();
      return json(201);
    });
    const sent = form as unknown as FormData;
    expect(sent.get('valveId')).toBe('3');
    expect(sent.get('description')).toBe('Leak');
    expect((sent.get('photo') as File).name).toBe('valve.jpg');
    expect(await listQueue()).toEqual([]);
  });

  it('runs one round at a time', async () => {
    await enqueueWrite({ url: '/api/a', method: 'POST', body: {} });
    const send = vi.fn(async () => json(200));
    const [a, b] = await Promise.all([syncQueue(send), syncQueue(send)]);
    expect(a).toBe(b);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
