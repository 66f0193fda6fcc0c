import type { ApiToken, ApiTokenScope } from '@common/schemas/api-tokens';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiTokens, users } from '../../db/schema';

/** The organization's tokens in force or expired (revoked ones are gone from the list), newest first; no secrets. */
export async function listApiTokens(db: Database, organizationId: number): Promise<ApiToken[]> {
  const rows = await db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      prefix: apiTokens.tokenPrefix,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      lastUsedFrom: apiTokens.lastUsedFrom,
      createdAt: apiTokens.createdAt,
      createdBy: users.name,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdByUserId))
    .where(and(eq(apiTokens.organizationId, organizationId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((row) => ({
    ...row,
    scopes: row.scopes as ApiTokenScope[],
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}
