import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organizationId } from './organizations';
import { users } from './users';
import { plantByName } from './valves';

/**
 * An emergency raised for a plant: who raised it, when and why. Active until a supervisor clears it; every user of
 * that plant sees the banner meanwhile (docs/architecture.md, Emergencies).
 */
export const emergencies = pgTable(
  'emergencies',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    plant: text('plant').notNull(),
    reason: text('reason').notNull(),
    raisedByUserId: integer('raised_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    raisedAt: createdAt(),
    clearedByUserId: integer('cleared_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    // What the clearer says is safe again (issue 29): required by the clear route, null while in force.
    clearNote: text('clear_note'),
  },
  (t) => [
    index('emergencies_org_active_idx').on(t.organizationId, t.clearedAt),
    plantByName(t.organizationId, t.plant, 'emergencies_plant_fk'),
  ],
);
