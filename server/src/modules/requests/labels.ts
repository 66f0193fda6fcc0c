import type { RequestLink } from '@common/schemas/requests';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { valveRequestLabels, valves } from '../../db/schema';
import { type Scope, valvesInScope } from '../../lib/scope';
import { newToken } from '../../lib/tokens';
import { notFound } from '../../plugins/errors';
import { assertValveExists } from '../valves';

/** The public page of a valve's request QR (the client's route). */
export const requestPagePath = (token: string) => `/r/${token}`;

/**
 * The valves' request QRs: made the first time a label asks for one (a random secret each, so a page cannot be
 * guessed from a tag), the same ever after, so a printed label keeps working.
 */
async function requestLinksOf(db: Database, organizationId: number, valveIds: number[]): Promise<RequestLink[]> {
  if (!valveIds.length) return [];
  await db
    .insert(valveRequestLabels)
    .values(valveIds.map((valveId) => ({ valveId, organizationId, token: newToken().token.slice(0, 24) })))
    .onConflictDoNothing({ target: valveRequestLabels.valveId });
  const rows = await db
    .select({ valveId: valveRequestLabels.valveId, token: valveRequestLabels.token })
    .from(valveRequestLabels)
    .where(inArray(valveRequestLabels.valveId, valveIds));
  const tokens = new Map(rows.map((row) => [row.valveId, row.token]));
  return valveIds.map((valveId) => {
    const token = tokens.get(valveId) ?? '';
    return { valveId, token, path: requestPagePath(token) };
  });
}

/** GET /api/valves/:id/request-link. */
export async function requestLinkOf(db: Database, scope: Scope, valveId: number): Promise<RequestLink> {
  await assertValveExists(db, scope, valveId);
  const [link] = await requestLinksOf(db, scope.organizationId, [valveId]);
  return link;
}

/** GET /api/request-links?plant=: the plant's label sheet in one read (its valves in the user's scope, by tag). */
export async function plantRequestLinks(db: Database, scope: Scope, plant: string): Promise<RequestLink[]> {
  const ofPlant = await db
    .select({ id: valves.id })
    .from(valves)
    .where(and(valvesInScope(scope), eq(valves.plant, plant)))
    .orderBy(valves.valveId);
  return requestLinksOf(
    db,
    scope.organizationId,
    ofPlant.map((v) => v.id),
  );
}

export const UNKNOWN_LABEL = 'This request QR is not known: ask the plant for a new label.';

/** The valve a label's token names (404 for a token no label has). */
export async function valveOfLabel(db: Database, token: string) {
  const [row] = await db
    .select({
      valveId: valves.id,
      organizationId: valves.organizationId,
      valveTag: valves.valveId,
      plant: valves.plant,
    })
    .from(valveRequestLabels)
    .innerJoin(valves, eq(valves.id, valveRequestLabels.valveId))
    .where(eq(valveRequestLabels.token, token));
  if (!row) throw notFound(UNKNOWN_LABEL);
  return row;
}
