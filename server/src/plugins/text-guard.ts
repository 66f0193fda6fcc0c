import { hasUnsafeCharacters, UNSAFE_TEXT_MESSAGE } from '@common/schemas/fields';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors';

/** The path of the first string in `value` that holds a NUL byte or an unpaired surrogate, or null. */
export function findUnsafeText(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return hasUnsafeCharacters(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (hasUnsafeCharacters(key)) return [...path, key];
    const found = findUnsafeText(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** A 400 naming the field, worded like the schema validator's. */
export function refuseUnsafeText(where: 'body' | 'query' | 'params' | 'form', value: unknown): void {
  const found = findUnsafeText(value);
  if (!found) return;
  const path = found.join('.');
  throw new HttpError(400, `Invalid ${where}: ${path ? `${path} ` : ''}${UNSAFE_TEXT_MESSAGE}`, {
    issues: [{ path, message: UNSAFE_TEXT_MESSAGE }],
  });
}

/**
 * Every text a request carries (path, query, JSON body; multipart fields are checked by their handler through
 * refuseUnsafeText) is refused with a 400 before validation when it holds a NUL byte or half a surrogate pair:
 * PostgreSQL would fail on the one with a 500, and a phone's offline queue would retry it for ever.
 */
export const textGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    refuseUnsafeText('params', request.params);
    refuseUnsafeText('query', request.query);
    if (!request.isMultipart()) refuseUnsafeText('body', request.body);
  });
});
