import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet, apiSend, HttpError, httpErrorMessage } from './http';

function reply(body: string, init: ResponseInit) {
  return vi.fn(async () => new Response(body, init));
}

describe('http', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('formats errors as "<status>: <body or status text>" (spec §8)', () => {
    expect(httpErrorMessage(404, '{"message":"Valve not found"}', 'Not Found')).toBe(
      '404: {"message":"Valve not found"}',
    );
    expect(httpErrorMessage(502, '', 'Bad Gateway')).toBe('502: Bad Gateway');
  });

  it('sends cookies and parses JSON', async () => {
    const fetchMock = reply('{"a":1}', { status: 200 });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiGet('/api/x')).resolves.toEqual({ a: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/x', expect.objectContaining({ credentials: 'include' }));
  });

  it('throws an HttpError carrying the status on a non-ok read', async () => {
    vi.stubGlobal('fetch', reply('', { status: 503, statusText: 'Service Unavailable' }));
    const error = await apiGet('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, message: '503: Service Unavailable' });
  });

  it('throws on 401 by default and returns null when asked', async () => {
    vi.stubGlobal('fetch', reply('{"message":"Sign in"}', { status: 401 }));
    await expect(apiGet('/api/x')).rejects.toThrow('401: {"message":"Sign in"}');
    await expect(apiGet('/api/x', { on401: 'returnNull' })).resolves.toBeNull();
  });

  it('sends a JSON body on writes', async () => {
    const fetchMock = reply('{"ok":true}', { status: 201 });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiSend('POST', '/api/x', { n: 1 })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/x',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: '{"n":1}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });
});
