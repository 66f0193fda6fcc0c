/**
 * The one way the client talks to its server: same origin, cookies always sent (spec §7), and a non-ok
 * response turned into an HttpError whose message follows spec §8.
 */

export class HttpError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

/** Spec §8: the status code, a colon and a space, then the body text, or the status text when the body is empty. */
export function httpErrorMessage(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

async function toHttpError(response: Response): Promise<HttpError> {
  const bodyText = await response.text().catch(() => '');
  return new HttpError(response.status, httpErrorMessage(response.status, bodyText, response.statusText));
}

export type GetOptions = {
  /** Spec §6: a 401 on a read throws by default; some screens prefer to treat it as "nothing". */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal;
};

export function apiGet<T>(path: string, options: GetOptions & { on401: 'returnNull' }): Promise<T | null>;
export function apiGet<T>(path: string, options?: GetOptions): Promise<T>;
export async function apiGet<T>(path: string, options: GetOptions = {}): Promise<T | null> {
  const response = await fetch(path, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal: options.signal,
  });
  if (response.status === 401 && options.on401 === 'returnNull') return null;
  if (!response.ok) throw await toHttpError(response);
  return (await response.json()) as T;
}

export type SendMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A write; the body, when given, goes as JSON. Returns the parsed JSON reply, or null for an empty one. */
export async function apiSend<T = unknown>(method: SendMethod, path: string, body?: unknown): Promise<T | null> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await toHttpError(response);
  const text = await response.text();
  return text ? (JSON.parse(text) as T) : null;
}
