import type { ApiTokenScope, CreatedApiToken, createApiTokenBody } from '@common/schemas/api-tokens';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { apiTokens } from '../../db/schema';
import { newApiTokenSecret } from '../../lib/api-tokens';
import { notFound } from '../../plugins/errors';
import { assertApiAccess } from '../billing';

export const API_TOKEN_NOT_FOUND = 'API token not found';

/**
 * A token acting as its maker, on a plan with API access (402 otherwise). Its secret is in this answer only: the
 * database keeps its sha256 and the first characters to tell it apart.
 */
export async function createApiToken(
  db: Database,
  organizationId: number,
  userId: number,
  body: z.output<typeof createApiTokenBody>,
): Promise<CreatedApiToken> {
  await assertApiAccess(db, organizationId);
  const { token, tokenHash, prefix } = newApiTokenSecret();
  const [row] = await db
    .insert(apiTokens)
    .values({
      organizationId,
      createdByUserId: userId,
      name: body.name,
      scopes: body.scopes,
      tokenPrefix: prefix,
      tokenHash,
      expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
    })
    .returning({ id: apiTokens.id, name: apiTokens.name, scopes: apiTokens.scopes, expiresAt: apiTokens.expiresAt });
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiTokenScope[],
    expiresAt: row.expiresAt?.toISOString() ?? null,
    token,
  };
}

/**
 * Revoked at once: the row is kept (who made and revoked it stays in the audit trail) and every process refuses
 * the token from its next request, since token lookups are never remembered (lib/api-tokens.ts).
 */
export async function revokeApiToken(db: Database, organizationId: number, id: number): Promise<void> {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.organizationId, organizationId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (!revoked.length) throw notFound(API_TOKEN_NOT_FOUND);
}
