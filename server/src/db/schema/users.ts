import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organizationId, plants } from './organizations';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    /**
     * Stored lower-case; unique within an organization only. One address may hold accounts in several
     * organizations (a contractor's), so adding a user never tells whether the address is used elsewhere.
     */
    email: text('email').notNull(),
    role: text('role').notNull(),
    /** argon2id; null until an invited user sets a password. */
    passwordHash: text('password_hash'),
    active: boolean('active').notNull().default(true),
    /** sha256 of a pending invitation's token, and when it lapses. */
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    /**
     * Made with an address another account already used: it cannot sign in until the address is proven by the
     * link mailed to it (issue 27, item 1; docs/decisions/097). Accounts made before the rule hold false.
     */
    emailUnverified: boolean('email_unverified').notNull().default(false),
    /** sha256 of the pending address link's token, and when it lapses. */
    emailTokenHash: text('email_token_hash'),
    emailTokenExpiresAt: timestamp('email_token_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('users_org_email_idx').on(t.organizationId, t.email),
    index('users_email_idx').on(t.email),
    index('users_org_idx').on(t.organizationId),
    uniqueIndex('users_invite_token_idx').on(t.inviteTokenHash),
    uniqueIndex('users_email_token_idx').on(t.emailTokenHash),
  ],
);

/** A user limited to some plants has a row per plant; a user with no rows sees every plant. */
export const userPlants = pgTable(
  'user_plants',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.plantId] })],
);

/** Database sessions: the cookie holds a random token, the table only its sha256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
