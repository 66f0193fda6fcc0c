import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organizationId } from './organizations';
import { users } from './users';

/**
 * Where the organization's events are sent (issue 32; docs/decisions/108-webhooks-outbox.md). Unlike an API token's,
 * the secret is kept as it is: the server signs each delivery with it. It is shown once, when made, and never again.
 * A deleted webhook keeps its row (deleted_at), so its deliveries stay readable and the audit trail whole.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    url: text('url').notNull(),
    /** Event types (common/schemas/webhooks.ts `WEBHOOK_EVENTS`). */
    events: text('events').array().notNull(),
    description: text('description'),
    signingSecret: text('signing_secret').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('webhooks_organization_idx').on(t.organizationId)],
);

/**
 * The transactional outbox: written by triggers (migration 0036) in the transaction of the change itself, only for
 * an organization with a webhook that wants the event. The delivery job turns each row into deliveries once.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: serial('id').primaryKey(),
    /** The event's id on the wire (`id`, `ValveOps-Event-Id`): the same on every attempt, so receivers dedupe. */
    eventId: uuid('event_id').notNull().default(sql`gen_random_uuid()`),
    organizationId: organizationId(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    /** Set for events a recompute may write again (an anomaly episode): the second is not recorded. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    /** When the job made its deliveries; null while waiting. */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_events_dedupe_idx').on(t.organizationId, t.dedupeKey),
    index('webhook_events_waiting_idx').on(t.id).where(sql`${t.dispatchedAt} is null`),
  ],
);

/** One event to one webhook: its attempts, the last answer, and when it is tried next. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    /** 'pending' | 'delivered' | 'failed' */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Due when pending; while an attempt is under way, the end of its claim (a dead sender's is taken again). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    responseSnippet: text('response_snippet'),
    error: text('error'),
    /** Retries stop 24 hours after this: the delivery's making, or the admin's "Send again". */
    retryingSince: timestamp('retrying_since', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_webhook_idx').on(t.eventId, t.webhookId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
  ],
);
