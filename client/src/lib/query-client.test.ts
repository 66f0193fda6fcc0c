import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from './http';
import { createQueryClient, shouldRetry } from './query-client';

describe('shouldRetry', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('retries up to the limit while online', () => {
    vi.stubGlobal('navigator', { onLine: true });
    const retry = shouldRetry(3);
    expect([0, 1, 2, 3].map((n) => retry(n, new TypeError('Failed to fetch')))).toEqual([true, true, true, false]);
  });

  it('never retries while offline', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(shouldRetry(3)(0, new TypeError('Failed to fetch'))).toBe(false);
  });

  it('does not retry answers that cannot change, but does retry server errors', () => {
    vi.stubGlobal('navigator', { onLine: true });
    const retry = shouldRetry(3);
    expect(retry(0, new HttpError(404, '404: Valve not found'))).toBe(false);
    expect(retry(0, new HttpError(429, '429: Too Many Requests'))).toBe(true);
    expect(retry(0, new HttpError(503, '503: Service Unavailable'))).toBe(true);
  });
});

describe('createQueryClient on a 401', () => {
  afterEach(() => vi.unstubAllGlobals());
  const unauthorized = () => Promise.reject(new HttpError(401, '401: {"message":"Sign in to continue."}'));

  it('reports a read refused for want of a session, once, and no other failure', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await client.fetchQuery({ queryKey: ['/api/valves'], queryFn: unauthorized }).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith(client);
    const notFound = () => Promise.reject(new HttpError(404, '404: Valve not found'));
    await client.fetchQuery({ queryKey: ['/api/valves/9'], queryFn: notFound }).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports a refused write, unless the write expects a 401 as its answer (sign-in)', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    const run = (meta?: { expectsUnauthorized: boolean }) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: unauthorized, retry: false, meta })
        .execute(undefined)
        .catch(() => undefined);
    await run({ expectsUnauthorized: true });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await run();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
