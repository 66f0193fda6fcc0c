import { HttpError } from './http';

/** One field the server refused, as its 400 body names it ('valveId', 'dueDate', 'photo'...). */
export type ApiIssue = { path: string; message: string };

/** What a failed write means for the screen: the status, a message a person can act on, and the details. */
export type ApiFailure = {
  /** null when the server was never reached (no network, request aborted). */
  status: number | null;
  message: string;
  issues: ApiIssue[];
  /** On a 409 for a stale version: the record as it is now. */
  current?: unknown;
  /** The server's JSON body as sent, for the few answers that carry more (a sign-in's organizations to choose). */
  body?: object;
};

const UNREACHABLE = 'Could not reach the server. Check the connection and try again.';

function isIssue(value: unknown): value is ApiIssue {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiIssue).path === 'string' &&
    typeof (value as ApiIssue).message === 'string'
  );
}

/**
 * Reads an error thrown by apiSend/apiGet. HttpError messages are `<status>: <body text>` (spec §8); the body is
 * the server's `{ message, issues?, current? }`, or plain text from a proxy, which is shown as it is.
 */
export function readApiError(error: unknown): ApiFailure {
  if (!(error instanceof HttpError)) {
    return { status: null, message: UNREACHABLE, issues: [] };
  }
  const separator = error.message.indexOf(': ');
  const bodyText = separator === -1 ? '' : error.message.slice(separator + 2);
  try {
    const body: unknown = JSON.parse(bodyText);
    if (typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string') {
      const { message, issues, current } = body as { message: string; issues?: unknown; current?: unknown };
      return {
        status: error.status,
        message,
        issues: Array.isArray(issues) ? issues.filter(isIssue) : [],
        ...(current !== undefined && { current }),
        body,
      };
    }
  } catch {
    // Not JSON: a proxy's or the platform's own page; its text is still the best explanation there is.
  }
  return { status: error.status, message: bodyText.trim() || `Request failed (${error.status})`, issues: [] };
}

/** A 409 that carries the newer record: someone else changed it since the user loaded it. */
export function isStaleVersion(failure: ApiFailure): boolean {
  return failure.status === 409 && failure.current !== undefined && failure.current !== null;
}
