import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import type { ErrorBody } from '@common/schemas/params';

/** A failure the user can act on: its status and message go to the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

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
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on the server. Please try again.' });
  });
});
