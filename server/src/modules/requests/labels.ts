import type { RequestLink } from '@common/schemas/requests';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { valveRequestLabels, valves } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { newToken } from '../../lib/tokens';
import { notFound } from '../../plugins/errors';
import { assertValveExists } from '../valves';

/** The public page of a valve's request QR (the client's route). */
export const requestPagePath = (token: string) => `/r/${token}`;

/**
 * The valve's request QR: made the first time a label asks for it (a random secret, so a page cannot be guessed
 * from a tag), the same ever after, so a printed label keeps working.
 */
export async function requestLinkOf(db: Database, scope: Scope, valveId: number): Promise<RequestLink> {
  await assertValveExists(db, scope, valveId);
  await db
    .insert(valveRequestLabels)
    .values({ valveId, organizationId: scope.organizationId, token: newToken().token.slice(0, 24) })
    .onConflictDoNothing({ target: valveRequestLabels.valveId });
  const [row] = await db.select().from(valveRequestLabels).where(eq(valveRequestLabels.valveId, valveId));
  return { valveId, token: row.token, path: requestPagePath(row.token) };
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
