import { hasUnsafeCharacters, UNSAFE_TEXT_MESSAGE } from '@common/schemas/fields';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors';

/**
 * Issue 27, item 6: nesting deeper than this is refused with a 400. No body of the contract nests past a handful
 * of levels; 64 leaves room and keeps every later walk (validation, hashing, logging) far from the stack's end.
 */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `must not nest deeper than ${MAX_JSON_DEPTH} levels`;

type Finding = { path: string[]; message: string };

/**
 * The first string in `value` (key or value) that holds a NUL byte or an unpaired surrogate, or the first place
 * nested deeper than MAX_JSON_DEPTH, or null. Walked with a stack of its own, not by recursion: a 20 KB body
 * nested 10,000 deep overflowed the call stack and answered 500 (issue 27, item 6).
 */
export function findUnsafeText(value: unknown): Finding | null {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (pending.length) {
    const next = pending.pop() as { value: unknown; path: string[] };
    if (typeof next.value === 'string') {
      if (hasUnsafeCharacters(next.value)) return { path: next.path, message: UNSAFE_TEXT_MESSAGE };
      continue;
    }
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.path.length >= MAX_JSON_DEPTH) return { path: next.path, message: TOO_DEEP_MESSAGE };
    // Pushed in reverse so the first field is looked at first, as the recursive walk did.
    const entries = Object.entries(next.value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i];
      if (hasUnsafeCharacters(key)) return { path: [...next.path, key], message: UNSAFE_TEXT_MESSAGE };
      pending.push({ value: item, path: [...next.path, key] });
    }
  }
  return null;
}

/** A 400 naming the field, worded like the schema validator's. */
export function refuseUnsafeText(where: 'body' | 'query' | 'params' | 'form', value: unknown): void {
  const found = findUnsafeText(value);
  if (!found) return;
  // A path 64 keys long is no help to read: a deep one is named by its first keys.
  const path = found.path.slice(0, 8).join('.') + (found.path.length > 8 ? '…' : '');
  throw new HttpError(400, `Invalid ${where}: ${path ? `${path} ` : ''}${found.message}`, {
    issues: [{ path, message: found.message }],
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
