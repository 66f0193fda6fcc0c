import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The append-only history of changes, written only by the `audit_row_change()` trigger (the migration attaches it
 * to each audited table) and refused any UPDATE, DELETE or TRUNCATE by another trigger. No foreign keys: the
 * history outlives the rows it tells of.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id'),
    tableName: text('table_name').notNull(),
    rowId: text('row_id').notNull(),
    action: text('action').notNull(),
    /** update: { field: { old, new } } of the fields that changed; insert: null; delete: the row as it was. */
    changes: jsonb('changes'),
    /** From `valveops.user_id` / `valveops.device`, set for the transaction (lib/audit.ts); null if not set. */
    userId: integer('user_id'),
    device: text('device'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_row_idx').on(t.tableName, t.rowId, t.id)],
);

/**
 * The seal of each audit row, chained per organization (docs/decisions/096-audit-chain.md): `hash` is SHA-256 over
 * the previous seal's hash and the row's content, so a row deleted or changed after sealing breaks the chain from
 * there on (GET /api/audit/verify). Sealed every minute by a job; append-only like the trail itself.
 */
export const auditSeals = pgTable(
  'audit_seals',
  {
    /** 0 for rows of no organization (an installation's own tables). */
    chain: integer('chain').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    auditId: bigint('audit_id', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.seq] }), uniqueIndex('audit_seals_audit_idx').on(t.auditId)],
);
