/**
 * Errors that mean the database went away under a statement, not that the statement was wrong: the server shutting
 * down or restarting (SQLSTATE 57P01-57P03), a connection exception (class 08), a reset or closed socket, a
 * connection the pool could not open. The request in flight is lost; the next one gets a fresh connection.
 */
const LOST_STATES = new Set(['57P01', '57P02', '57P03']);
const LOST_SOCKET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const LOST_MESSAGES = [
  /connection terminated/i,
  /connection (is )?closed/i,
  /client has encountered a connection error/i,
  /timeout exceeded when trying to connect/i,
  /cannot use a pool after calling end/i,
];

/** Deadlock detected, serialization failure: the database gave the transaction up and rolled it all back. */
const CONFLICT_STATES = new Set(['40P01', '40001']);

/** Seconds a client is asked to wait before trying again: a restart or failover takes a few. */
export const RETRY_AFTER_SECONDS = 5;

type Failure = { code?: unknown; message?: unknown; cause?: unknown };

/** The error and what caused it, a few levels down: drizzle wraps the driver's error, which carries the SQLSTATE. */
function* causesOf(error: unknown): Generator<Failure> {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Failure).cause, depth++) {
    yield e as Failure;
  }
}

export function isConnectionLost(error: unknown): boolean {
  for (const { code, message } of causesOf(error)) {
    if (typeof code === 'string' && (LOST_STATES.has(code) || code.startsWith('08') || LOST_SOCKET_CODES.has(code)))
      return true;
    if (typeof message === 'string' && LOST_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/** A transaction the database gave up because another got in its way: running it again is safe and will do. */
export function isTransientConflict(error: unknown): boolean {
  for (const { code } of causesOf(error)) if (typeof code === 'string' && CONFLICT_STATES.has(code)) return true;
  return false;
}

/**
 * `transaction` run again, up to `tries` times in all, while the database gives it up for a deadlock or a
 * serialization failure (it rolled everything back, so nothing of the failed try was written). `beforeRetry` undoes
 * what the try left outside the database.
 */
export async function retryOnConflict<T>(transaction: () => Promise<T>, beforeRetry = () => {}, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (!isTransientConflict(error) || attempt >= tries) throw error;
      beforeRetry();
    }
  }
}

/**
 * What may be logged of a failed statement: its SQL and the database's own error, never its parameters (drizzle
 * puts them in the message and on the error), which can be password hashes, tokens or a person's text.
 */
export function redactStatementError(error: unknown): unknown {
  if (!(error instanceof Error) || !('params' in error) || !('query' in error)) return error;
  const cause = error.cause as { message?: string; code?: string; stack?: string } | undefined;
  const redacted = new Error(`Failed query: ${String(error.query)}`);
  redacted.name = error.name;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  redacted.stack = [`${redacted.name}: ${redacted.message}`, ...frames].join('\n');
  if (cause) redacted.cause = { message: cause.message, code: cause.code };
  return redacted;
}
