import { randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX, type ApiTokenScope } from '@common/schemas/api-tokens';
import type { SessionUser } from '@common/schemas/auth';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { apiTokens, organizations, users } from '../db/schema';
import { signedInUserColumns } from './sessions';
import { hashToken } from './tokens';

/** Characters of the secret kept in clear to tell tokens apart: `vo_` and 8 of its 43 random ones. */
const SHOWN_CHARACTERS = API_TOKEN_PREFIX.length + 8;
/** Last use is written at most this often per token, so a program's reads do not each become a write. */
export const LAST_USE_EVERY_MS = 60_000;

/** A new token's secret (256 random bits behind `vo_`), the sha256 that is stored, and the prefix shown. */
export function newApiTokenSecret(): { token: string; tokenHash: string; prefix: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashToken(token), prefix: token.slice(0, SHOWN_CHARACTERS) };
}

export type ApiTokenUser = { user: SessionUser; tokenId: number; scopes: ApiTokenScope[] };

/**
 * The user a bearer token acts as, or null when it is unknown, revoked, expired, or its maker is deactivated.
 * Read from the database on every request (one prepared query, nothing remembered): a revoked token is refused at
 * once in every process.
 */
export async function userForApiToken(db: Database, token: string, now = new Date()): Promise<ApiTokenUser | null> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const [row] = await preparedQuery(db, 'api_token_user', () =>
    db
      .select({ tokenId: apiTokens.id, scopes: apiTokens.scopes, ...signedInUserColumns })
      .from(apiTokens)
      .innerJoin(
        users,
        and(eq(users.id, apiTokens.createdByUserId), eq(users.organizationId, apiTokens.organizationId)),
      )
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(
        and(
          eq(apiTokens.tokenHash, sql.placeholder('tokenHash')),
          isNull(apiTokens.revokedAt),
          or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql.placeholder('now'))),
          eq(users.active, true),
        ),
      )
      .prepare('api_token_user'),
  ).execute({ tokenHash: hashToken(token), now });
  if (!row) return null;
  const { tokenId, scopes, plants, ...user } = row;
  return { user: { ...user, plants: plants ?? [] }, tokenId, scopes: scopes as ApiTokenScope[] };
}

/** When this process last wrote each token's use; the database's own condition holds it across processes. */
const lastWritten = new Map<number, number>();

/** Notes when and from where a token was used, at most once a minute per token. */
export async function noteApiTokenUse(db: Database, tokenId: number, from: string, now = new Date()): Promise<void> {
  const last = lastWritten.get(tokenId);
  if (last !== undefined && now.getTime() - last < LAST_USE_EVERY_MS) return;
  if (lastWritten.size >= 10_000) lastWritten.clear();
  lastWritten.set(tokenId, now.getTime());
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now, lastUsedFrom: from.slice(0, 100) })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USE_EVERY_MS))),
      ),
    );
}
