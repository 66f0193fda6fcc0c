import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { JsonText } from '../db/json';
import type { KeptDetails, KeptListHeads, KeptOrganizationLists } from './kept-reads';
import type { Scope } from './scope';

/** The longest head of a list kept (`?limit=N`): the dashboard asks for three valves and two work orders. */
export const KEPT_HEAD_MAX = 50;

/**
 * For the database queue (plugins/database-queue.ts): whether the detail a path's `:id` names is kept for the scope,
 * so its read never reaches the database.
 */
export const keptDetailOf =
  (kept: KeptDetails<string>) =>
  (request: FastifyRequest, scope: Scope): boolean =>
    kept.get(Number((request.params as { id?: string }).id), scope) !== undefined;

/** For the database queue: whether a whole list with no filter (no query at all) is kept for the scope. */
export const keptWholeListOf =
  (kept: KeptOrganizationLists<string>) =>
  (request: FastifyRequest, scope: Scope): boolean =>
    !scope.plants && !request.url.includes('?') && kept.get(scope.organizationId) !== undefined;

/**
 * For the database queue: whether a list read is kept for the scope, whole (no query) or its head (`?limit=N` and
 * nothing else).
 */
export const keptListOf =
  (whole: KeptOrganizationLists<string>, heads: KeptListHeads<string>) =>
  (request: FastifyRequest, scope: Scope): boolean => {
    if (keptWholeListOf(whole)(request, scope)) return true;
    const limit = headLimit(request.query, scope);
    return limit !== null && heads.get(scope.organizationId, limit) !== undefined;
  };

/**
 * N of a query that is `?limit=N` (N up to KEPT_HEAD_MAX) and nothing else, read by a user of every plant: a head
 * that may be kept. Null for any other query, or a plant-limited user.
 */
export function headLimit(query: unknown, scope: Scope): number | null {
  if (scope.plants) return null;
  const keys = Object.keys((query ?? {}) as object);
  if (keys.length !== 1 || keys[0] !== 'limit') return null;
  const limit = Number((query as { limit: unknown }).limit);
  return Number.isInteger(limit) && limit >= 1 && limit <= KEPT_HEAD_MAX ? limit : null;
}

/** The next 00:00 UTC after `now`, in ms: when an answer counted from the UTC day lapses. */
export const nextUtcMidnight = (now: Date): number =>
  Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);

/** An answer to keep, and when time alone turns it (a kept copy lapses then). */
export type ToKeep<T> = { value: T; nextDueMs?: number | null };

/**
 * A whole organization's answer from `kept`, or `read`'s, kept when nothing changed meanwhile; a plant-limited user's
 * is read each time. The answer is handed back as the object it was, so the route's serializer writes the same bytes.
 * A kept copy is filled from the primary, whose notices govern it (a lagging replica would put back what a notice
 * took out); while nothing is kept (no notices heard), `read` runs where the route reads (`request.reader`).
 */
export async function keptOrganizationAnswer<T>(
  kept: KeptOrganizationLists<JsonText<T>>,
  request: FastifyRequest,
  read: (db: Database) => Promise<ToKeep<T>>,
): Promise<T> {
  const { scope } = request;
  if (scope.plants) return (await read(request.reader)).value;
  const text = await kept.answer(scope.organizationId, async () => {
    const { value, nextDueMs } = await read(kept.keeping ? request.server.db : request.reader);
    return { json: JSON.stringify(value) as JsonText<T>, nextDueMs };
  });
  return JSON.parse(text) as T;
}
