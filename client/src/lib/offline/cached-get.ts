import { HttpError, httpErrorMessage } from '../http';
import { forgetEarlyReads, READ_REQUEST, takeEarlyRead } from './early-reads';
import { type CachedAnswer, FROM_CACHE_HEADER, readThrough } from './read-cache';

/**
 * GET through the offline store (spec §7 generic read): the answer is stored under its path unless the response
 * says a cache served it; when the server cannot be reached the stored copy comes back marked offline. The first
 * read of a path the page's starter already asked for takes that request (early-reads.ts).
 */
export function cachedGet<T>(path: string, signal?: AbortSignal): Promise<CachedAnswer<T>> {
  return readThrough<T>(path, async () => {
    const early = takeEarlyRead(path);
    const response = await (early ?? fetch(path, { ...READ_REQUEST, signal }));
    if (!response.ok) {
      if (early) forgetEarlyReads();
      const text = await response.text().catch(() => '');
      throw new HttpError(response.status, httpErrorMessage(response.status, text, response.statusText));
    }
    return { data: (await response.json()) as T, fromCache: response.headers.has(FROM_CACHE_HEADER) };
  });
}
