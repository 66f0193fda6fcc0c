import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organizationId } from './organizations';
import { users } from './users';
import { valves } from './valves';
import { workOrders } from './work-orders';

/*
 * Work requests (issue 34): anyone at the plant reports a problem at a valve, signed in or through the request QR
 * on its label with no account; a supervisor approves (a work order), merges or rejects.
 */

/** The secret a valve's request QR carries: it names the valve to the public page and nothing else. */
export const valveRequestLabels = pgTable('valve_request_labels', {
  valveId: integer('valve_id')
    .primaryKey()
    .references(() => valves.id, { onDelete: 'cascade' }),
  organizationId: organizationId(),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
});

export const workRequests = pgTable(
  'work_requests',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    valveId: integer('valve_id')
      .notNull()
      .references(() => valves.id),
    description: text('description').notNull(),
    name: text('name'),
    contact: text('contact'),
    /** The photo taken with the request, in the stored files (its own file until a work order takes it). */
    photoKey: text('photo_key'),
    /** label (the QR page, no account) or app (a signed-in user). */
    source: text('source').notNull(),
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A hash of the sender's address, for the per-address limit; never shown. */
    addressHash: text('address_hash'),
    /** The requester's status link's token, hashed. */
    statusTokenHash: text('status_token_hash').notNull(),
    status: text('status').notNull().default('open'),
    workOrderId: integer('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    reason: text('reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('work_requests_status_token_idx').on(t.statusTokenHash),
    index('work_requests_organization_status_idx').on(t.organizationId, t.status, t.createdAt),
    index('work_requests_valve_idx').on(t.valveId, t.createdAt),
    index('work_requests_address_idx').on(t.addressHash, t.createdAt),
    check('work_requests_status_check', sql`${t.status} in ('open', 'approved', 'merged', 'rejected')`),
  ],
);
