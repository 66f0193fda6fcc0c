import type { SignedContent } from '@common/schemas/signatures';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organizationId } from './organizations';
import { users } from './users';

/**
 * A device's key for signing with no signal (decisions/121): the private half stays on the device, wrapped by a key
 * derived from the user's password; the public half is here, registered after the password was checked. Revoked
 * (never deleted: signatures name it) by its user, an admin, or a change of the user's password.
 */
export const signingKeys = pgTable(
  'signing_keys',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'no action' }),
    publicKey: jsonb('public_key').$type<{ kty: 'EC'; crv: 'P-256'; x: string; y: string }>().notNull(),
    device: text('device'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('signing_keys_user_idx').on(t.userId)],
);

/**
 * An electronic signature on any record (a work order, a procedure run, a relief valve test...), made only after
 * the signer re-entered their password. Rows are never changed: a correction is a new row of kind 'amendment'
 * that names the signature it amends and says what changed (a trigger refuses UPDATE and DELETE).
 */
export const signatures = pgTable(
  'signatures',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The name as printed at signing time: a later rename of the user does not rewrite what was signed. */
    printedName: text('printed_name').notNull(),
    meaning: text('meaning').notNull(),
    kind: text('kind').notNull().default('signature'),
    amendsSignatureId: integer('amends_signature_id'),
    amendmentText: text('amendment_text'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    device: text('device'),
    /**
     * What was signed, kept whole so the signed version stays readable after an amendment, and its SHA-256
     * (server/src/lib/signed-content.ts). Null on signatures made before the content was kept (migration 0022).
     */
    signedContent: jsonb('signed_content').$type<SignedContent>(),
    contentHash: text('content_hash'),
    /** The device key that signed it with no signal (signedAt is then the device's time); null when signed online. */
    signingKeyId: integer('signing_key_id').references(() => signingKeys.id, { onDelete: 'no action' }),
  },
  (t) => [
    index('signatures_entity_idx').on(t.organizationId, t.entityType, t.entityId),
    check('signatures_meaning_check', sql`${t.meaning} in ('performed', 'reviewed', 'approved')`),
    check('signatures_kind_check', sql`${t.kind} in ('signature', 'amendment')`),
  ],
);

/**
 * Which steps of a work order of a priority need a signature in an organization (complete, approve, close),
 * besides what a procedure on it asks.
 */
export const signOffPriorities = pgTable(
  'sign_off_priorities',
  {
    organizationId: organizationId(),
    priority: text('priority').notNull(),
    stage: text('stage').notNull().default('complete'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.priority, t.stage] }),
    check('sign_off_priorities_stage_check', sql`${t.stage} in ('complete', 'approve', 'close')`),
  ],
);
