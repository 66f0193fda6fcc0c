import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const organizationId = () =>
  integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  createdAt: createdAt(),
});

/** The plants an organization runs; users may be limited to some of them. */
export const plants = pgTable(
  'plants',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('plants_org_name_idx').on(t.organizationId, t.name)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    /** Stored lower-case; one account per address across the installation. */
    email: text('email').notNull(),
    role: text('role').notNull(),
    /** argon2id; null until an invited user sets a password. */
    passwordHash: text('password_hash'),
    active: boolean('active').notNull().default(true),
    /** sha256 of a pending invitation's token, and when it lapses. */
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    index('users_org_idx').on(t.organizationId),
    uniqueIndex('users_invite_token_idx').on(t.inviteTokenHash),
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

export const valves = pgTable(
  'valves',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    valveId: text('valve_id').notNull(),
    type: text('type').notNull(),
    size: text('size').notNull(),
    pressure: text('pressure').notNull(),
    plant: text('plant').notNull(),
    location: text('location').notNull(),
    system: text('system').notNull(),
    manufacturer: text('manufacturer').notNull(),
    model: text('model').notNull(),
    status: text('status').notNull().default('active'),
    specifications: text('specifications'),
    operatingManual: text('operating_manual'),
    installationGuide: text('installation_guide'),
    maintenanceProcedure: text('maintenance_procedure'),
    troubleshootingGuide: text('troubleshooting_guide'),
    safetyProtocol: text('safety_protocol'),
    partsList: text('parts_list'),
    nozzleConfiguration: text('nozzle_configuration'),
    torqueSpecifications: text('torque_specifications'),
    nationalBoardInfo: text('national_board_info'),
    asmeCodeInfo: text('asme_code_info'),
    certificationData: text('certification_data'),
    lastMaintenance: date('last_maintenance', { mode: 'string' }),
    nextMaintenance: date('next_maintenance', { mode: 'string' }),
    maintenanceIntervalDays: integer('maintenance_interval_days').notNull().default(180),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('valves_org_valve_id_idx').on(t.organizationId, t.valveId),
    index('valves_org_plant_idx').on(t.organizationId, t.plant),
    index('valves_org_status_idx').on(t.organizationId, t.status),
  ],
);

export const workOrders = pgTable(
  'work_orders',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    workOrderId: text('work_order_id').notNull(),
    valveId: integer('valve_id')
      .notNull()
      .references(() => valves.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('pending'),
    priority: text('priority').notNull().default('medium'),
    dueDate: timestamp('due_date', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the overdue activity was written, so it is written once however many servers watch. */
    overdueNotifiedAt: timestamp('overdue_notified_at', { withTimezone: true }),
    assignedToUserId: integer('assigned_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('work_orders_org_wo_id_idx').on(t.organizationId, t.workOrderId),
    index('work_orders_valve_idx').on(t.valveId),
    index('work_orders_org_status_idx').on(t.organizationId, t.status),
  ],
);

export const maintenanceRecords = pgTable(
  'maintenance_records',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    valveId: integer('valve_id')
      .notNull()
      .references(() => valves.id, { onDelete: 'cascade' }),
    workOrderId: integer('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    description: text('description').notNull(),
    findings: text('findings'),
    actionsPerformed: text('actions_performed'),
    performedByUserId: integer('performed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('maintenance_records_valve_idx').on(t.valveId, t.createdAt),
    index('maintenance_records_work_order_idx').on(t.workOrderId),
    index('maintenance_records_org_type_idx').on(t.organizationId, t.type, t.createdAt),
  ],
);

export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    valveId: integer('valve_id').references(() => valves.id, { onDelete: 'cascade' }),
    workOrderId: integer('work_order_id').references(() => workOrders.id, { onDelete: 'cascade' }),
    description: text('description'),
    /** Generated file names under DATA_DIR/uploads; never a client-given name. */
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('photos_valve_idx').on(t.valveId), index('photos_work_order_idx').on(t.workOrderId)],
);

export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    type: text('type').notNull(),
    description: text('description').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id'),
    /** The plant of the valve concerned, so plant-limited users see only their plants' events. */
    plant: text('plant'),
    createdAt: createdAt(),
  },
  (t) => [index('activities_org_created_idx').on(t.organizationId, t.createdAt)],
);

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

export const predictiveAnalytics = pgTable(
  'predictive_analytics',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    valveId: integer('valve_id')
      .notNull()
      .references(() => valves.id, { onDelete: 'cascade' }),
    healthScore: doublePrecision('health_score').notNull(),
    riskLevel: text('risk_level').notNull(),
    failureProbability: doublePrecision('failure_probability').notNull(),
    confidenceLevel: doublePrecision('confidence_level').notNull(),
    recommendedAction: text('recommended_action'),
    trends: jsonb('trends').notNull().default(sql`'{}'::jsonb`),
    anomalies: jsonb('anomalies').notNull().default(sql`'[]'::jsonb`),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('predictive_analytics_valve_idx').on(t.valveId)],
);

export const performanceMetrics = pgTable(
  'performance_metrics',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    valveId: integer('valve_id')
      .notNull()
      .references(() => valves.id, { onDelete: 'cascade' }),
    availability: doublePrecision('availability').notNull(),
    reliability: doublePrecision('reliability').notNull(),
    mtbf: doublePrecision('mtbf').notNull(),
    mttr: doublePrecision('mttr').notNull(),
    operatingHours: doublePrecision('operating_hours').notNull(),
    cycleCount: integer('cycle_count').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('performance_metrics_valve_idx').on(t.valveId)],
);

/** System-wide measurements of the installation itself, not tenant data. */
export const benchmarks = pgTable('benchmarks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  category: text('category').notNull(),
  metric: text('metric').notNull(),
  value: doublePrecision('value').notNull(),
  unit: text('unit').notNull(),
  target: doublePrecision('target').notNull(),
  status: text('status').notNull(),
  trend: text('trend').notNull(),
  lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
});

/** The last work order number given out per organization and year: allocated atomically, never reused. */
export const workOrderSequences = pgTable(
  'work_order_sequences',
  {
    organizationId: organizationId(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.year] })],
);

/**
 * Replayable writes: the first response to an Idempotency-Key, kept a day. A row without a status is a request
 * still running under that key.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    contentType: text('content_type'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Billing (docs/billing.md): the payment provider's customer for an organization (Stripe only). */
export const billingCustomers = pgTable('billing_customers', {
  organizationId: organizationId().primaryKey(),
  provider: text('provider').notNull(),
  customerId: text('customer_id').notNull(),
  createdAt: createdAt(),
});

/**
 * A subscription as the payment provider reports it; the organization's plan is its newest subscription in good
 * standing. `intent_id` is the set-up intent the browser confirms; `client_secret` is kept by the sandbox only.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    intentId: text('intent_id'),
    clientSecret: text('client_secret'),
    planId: text('plan_id').notNull(),
    billingCycle: text('billing_cycle').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the provider's newest applied event happened: an older event arriving late changes nothing. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_id_idx').on(t.provider, t.providerSubscriptionId),
    index('subscriptions_org_idx').on(t.organizationId, t.createdAt),
  ],
);

/** A one-time purchase (a payment intent); a succeeded one entitles the organization to the product. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    clientSecret: text('client_secret'),
    productId: text('product_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    failureMessage: text('failure_message'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_id_idx').on(t.provider, t.providerPaymentId),
    index('payments_org_idx').on(t.organizationId, t.createdAt),
  ],
);

/** Provider events already applied: a second delivery of the same event is recognised here and changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});
