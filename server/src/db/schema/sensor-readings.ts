import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organizationId } from './organizations';
import { users } from './users';
import { valveIdColumn } from './valves';

/**
 * Narrow, append-only; one row per valve, sensor and instant, so a replayed batch writes nothing twice. Partitioned
 * by month on `timestamp` (migration 0046, decisions/115), which drizzle does not describe: the partitions, the
 * DEFAULT one and the functions that make and drop them live in the migration, and queries name this table only.
 */
export const sensorReadings = pgTable(
  'sensor_readings',
  {
    organizationId: organizationId(),
    valveId: valveIdColumn(),
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

/**
 * A valve's named channels (flow, P1_upstream, motor_current, and the spec's temperature, pressure and
 * vibration), created on first sight. `quantity` and `unit` are fixed then: readings in another unit of the same
 * quantity are converted, another quantity is refused. Values are stored in the quantity's canonical unit
 * (common/quantities.ts); `unit` is the one the channel first arrived in, which screens show it in.
 */
export const valveChannels = pgTable(
  'valve_channels',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    valveId: valveIdColumn(),
    name: text('name').notNull(),
    quantity: text('quantity').notNull(),
    unit: text('unit').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('valve_channels_valve_name_idx').on(t.valveId, t.name)],
);

/**
 * Raw readings of the channels that are not one of the spec's three sensors (those stay in sensor_readings),
 * canonical unit, kept for READINGS_RETENTION_DAYS; the rollups below outlive them. Partitioned by month like
 * sensor_readings (migration 0050).
 */
export const channelReadings = pgTable(
  'channel_readings',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => valveChannels.id, { onDelete: 'cascade' }),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.timestamp] })],
);

/**
 * Per-minute and per-hour rollups of every channel (`stepMs` 60,000 or 3,600,000; `t` the bucket's start, UTC),
 * kept on ingest: recompute and charts read these, never millions of raw rows. `sum` rather than the mean, so a
 * batch merges into a bucket by addition; `lastAt` says which reading is the last when batches arrive out of order.
 */
export const channelRollups = pgTable(
  'channel_rollups',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => valveChannels.id, { onDelete: 'cascade' }),
    stepMs: integer('step_ms').notNull(),
    t: timestamp('t', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    sum: doublePrecision('sum').notNull(),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
    last: doublePrecision('last').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.stepMs, t.t] })],
);

/**
 * How a CSV source's columns map to sensors and channels (common/schemas/import-mappings.ts), one per source and
 * organization, so the import screen matches the next file from that source the same way on any device.
 */
export const importMappings = pgTable(
  'import_mappings',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    source: text('source').notNull(),
    mapping: jsonb('mapping').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('import_mappings_organization_source_idx').on(t.organizationId, t.source)],
);
