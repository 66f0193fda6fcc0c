import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organizationId } from './organizations';
import { users } from './users';

/**
 * Tokens for programs calling the API (issue 32; docs/decisions/106-api-tokens.md). A token acts as the user who
 * made it; only the sha256 of its secret is kept, with a short prefix of it to tell tokens apart on screen.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'read', 'write' (common/schemas/api-tokens.ts). */
    scopes: text('scopes').array().notNull(),
    /** The secret's first characters (`vo_` and 8 more): not enough to guess it, enough to recognise it. */
    tokenPrefix: text('token_prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Written at most once a minute per token (lib/api-tokens.ts), so reads with a token stay reads. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedFrom: text('last_used_from'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_idx').on(t.tokenHash),
    index('api_tokens_organization_idx').on(t.organizationId),
  ],
);
