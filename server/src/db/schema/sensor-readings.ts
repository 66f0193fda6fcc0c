import { doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizationId } from './organizations';
import { valves } from './valves';

/** Narrow, append-only; one row per valve, sensor and instant, so a replayed batch writes nothing twice. */
export const sensorReadings = pgTable(
  'sensor_readings',
  {
    organizationId: organizationId(),
    valveId: integer('valve_id')
      .notNull()
      .references(() => valves.id, { onDelete: 'cascade' }),
    sensorType: text('sensor_type').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
    value: doublePrecision('value').notNull(),
    quality: text('quality').notNull().default('good'),
  },
  (t) => [
    primaryKey({ columns: [t.valveId, t.sensorType, t.timestamp] }),
    index('sensor_readings_valve_time_idx').on(t.valveId, t.timestamp),
  ],
);
