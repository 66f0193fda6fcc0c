import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from './http';
import { shouldRetry } from './query-client';

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
