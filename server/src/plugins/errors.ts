import type { ErrorBody } from '@common/schemas/params';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { isConnectionLost, isTransientConflict, RETRY_AFTER_SECONDS, redactStatementError } from '../db/unavailable';
import { recordFailures } from '../lib/password-attempts';

/** A failure the user can act on: its status and message go to the client as they are. */
type Issue = { path: string; message: string };

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /**
     * Sent along: `issues` per field for a 400; `current`, the record as it is now, for a stale-version 409;
     * `organizations` to choose from, for a sign-in that opens accounts in several.
     */
    readonly extra: { issues?: Issue[]; current?: unknown; organizations?: { id: number; name: string }[] } = {},
  ) {
    super(message);
  }
}

/**
 * A wrong password re-entered to sign a record (403). It is thrown inside the write's transaction, which rolls
 * back, so the failure is counted on the account by the error handler, afterwards (lib/password-attempts.ts;
 * issue 27, item 2).
 */
export class WrongPassword extends HttpError {
  constructor(
    message: string,
    readonly userId: number,
  ) {
    super(403, message);
  }
}

/** A 400 for input checked in a handler (multipart fields), worded like the schema validator's. */
export function invalidInput(where: string, error: ZodError): HttpError {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const summary = issues.map((i) => (i.path ? `${i.path} ${i.message}` : i.message)).join('; ');
  return new HttpError(400, `Invalid ${where}: ${summary}`, { issues });
}

export const DATABASE_UNAVAILABLE = 'The database is not reachable just now. Try again in a few seconds.';
export const DATABASE_BUSY = 'The server is busy just now. Try again in a few seconds.';

export const notFound = (message: string) => new HttpError(404, message);
/** A body field only the service can judge (a rule on the database's records): a 400 naming it, as zod's would. */
export const invalidField = (path: string, message: string, where: 'body' | 'query' = 'body') =>
  new HttpError(400, `Invalid ${where}: ${path} ${message}`, { issues: [{ path, message }] });
export const conflict = (message: string) => new HttpError(409, message);

/** A unique index said no (two writers raced past the check, or there was none): the refusal given, never a 500. */
export async function refuseDuplicate<T>(write: () => Promise<T>, refusal: HttpError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code, cause } = error as { code?: string; cause?: { code?: string } };
    if ((code ?? cause?.code) === '23505') throw refusal;
    throw error;
  }
}

/** The user's change was made to an older copy: say so, and hand back the newer record to re-apply it to. */
export const staleVersion = (what: string, current: unknown) =>
  new HttpError(
    409,
    `This ${what} was changed by someone else. Review the latest version and apply your change again.`,
    {
      current,
    },
  );

function validationBody(error: Parameters<typeof hasZodFastifySchemaValidationErrors>[0]): ErrorBody {
  if (!hasZodFastifySchemaValidationErrors(error)) return { message: 'Invalid request' };
  const issues = error.validation.map((v) => ({
    path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: v.message ?? 'is invalid',
  }));
  const where = (error as FastifyError).validationContext;
  const summary = issues.map((i) => (i.path ? `${i.path} ${i.message}` : i.message)).join('; ');
  return { message: `Invalid ${where === 'querystring' ? 'query' : (where ?? 'request')}: ${summary}`, issues };
}

/**
 * One shape for every error: `{ message, issues? }`. Client mistakes keep their status and say what to fix;
 * anything unexpected is logged in full and answered with a plain 500 that leaks nothing.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error));
    }
    // Counted here, after the rollback; the next try past the limit is a 429 (signatures/service.ts).
    if (error instanceof WrongPassword) await recordFailures(app.db, app.mail.mailer, [error.userId], Date.now());
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply
        .status(415)
        .send({ message: `Content-Type ${request.headers['content-type'] ?? '(none)'} is not taken here` });
    if (status >= 400 && status < 500) {
      const extra = error instanceof HttpError ? error.extra : {};
      return reply.status(status).send({ message: error.message, ...extra });
    }
    // A service the server depends on is out of reach (503): said plainly, so the screen can tell the user.
    if (error instanceof HttpError && status === 503) {
      request.log.warn({ err: error }, 'a service the request needs is unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(503).send({ message: error.message });
    }
    if (isTransientConflict(error)) {
      // Still in another write's way after the retries (plugins/idempotency.ts): the client tries again shortly.
      request.log.warn({ err: redactStatementError(error) }, 'write gave up after conflicting with others');
      reply.header('retry-after', '1');
      return reply.status(503).send({ message: DATABASE_BUSY });
    }
    if (isConnectionLost(error)) {
      request.log.warn({ err: redactStatementError(error) }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(503).send({ message: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: redactStatementError(error) }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on the server. Please try again.' });
  });
});
