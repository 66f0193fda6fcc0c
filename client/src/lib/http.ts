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

export type SendOptions = {
  /** Sent as the Idempotency-Key header: give the same key to every retry of one change, so it lands once. */
  idempotencyKey?: string;
};

/** A write; the body, when given, goes as JSON (FormData goes as multipart). Returns the JSON reply, or null. */
export async function apiSend<T = unknown>(
  method: SendMethod,
  path: string,
  body?: unknown,
  options: SendOptions = {},
): Promise<T | null> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  if (!response.ok) throw await toHttpError(response);
  const text = await response.text();
  return text ? (JSON.parse(text) as T) : null;
}
