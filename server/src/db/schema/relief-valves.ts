import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organizationId } from './organizations';
import { users } from './users';
import { plantByName, valves } from './valves';
import { workOrders } from './work-orders';

/*
 * Relief valves (docs/relief-valves.md): the tag is the P&ID position, the device the serial-numbered valve; an
 * installation joins them for a dated span, so each keeps its own history through a swap. Pressures are psi gauge
 * (docs/decisions/040-relief-pressures-in-psi.md).
 */

export const reliefTags = pgTable(
  'relief_tags',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    tag: text('tag').notNull(),
    plant: text('plant').notNull(),
    /** The valve record of the position, where the plant keeps one. */
    valveId: integer('valve_id').references(() => valves.id, { onDelete: 'set null' }),
    setPressure: doublePrecision('set_pressure').notNull(),
    /** The set pressure as entered and its unit: rules compare it exactly (common/relief-valves/exact.ts). */
    setPressureEntered: doublePrecision('set_pressure_entered'),
    pressureUnit: text('pressure_unit').notNull().default('psi'),
    protectedEquipment: text('protected_equipment').notNull(),
    service: text('service').notNull(),
    intervalRule: text('interval_rule').notNull().default('fixed'),
    /** The interval the engineer set; the current one is replayed from the tests (intervals.ts). */
    intervalMonths: integer('interval_months').notNull(),
    currentIntervalMonths: integer('current_interval_months').notNull(),
    intervalReason: text('interval_reason').notNull().default('Not tested yet'),
    maxIntervalMonths: integer('max_interval_months').notNull().default(120),
    lastTestedOn: date('last_tested_on', { mode: 'string' }),
    nextDueOn: date('next_due_on', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('relief_tags_org_tag_idx').on(t.organizationId, t.tag),
    plantByName(t.organizationId, t.plant, 'relief_tags_plant_fk'),
    index('relief_tags_org_due_idx').on(t.organizationId, t.nextDueOn),
    index('relief_tags_valve_idx').on(t.valveId),
  ],
);

export const reliefDevices = pgTable(
  'relief_devices',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    serialNumber: text('serial_number').notNull(),
    manufacturer: text('manufacturer').notNull(),
    model: text('model').notNull(),
    orifice: text('orifice').notNull(),
    inletSize: text('inlet_size').notNull(),
    outletSize: text('outlet_size').notNull(),
    setPressure: doublePrecision('set_pressure').notNull(),
    /** The set pressure as entered and its unit: rules compare it exactly (common/relief-valves/exact.ts). */
    setPressureEntered: doublePrecision('set_pressure_entered'),
    pressureUnit: text('pressure_unit').notNull().default('psi'),
    capacity: text('capacity').notNull(),
    codeStamp: text('code_stamp').notNull(),
    design: text('design').notNull(),
    seatType: text('seat_type').notNull(),
    code: text('code').notNull(),
    /** What it relieves in service (steam, gas, liquid): a steam valve set on air needs the maker's correction. */
    serviceFluid: text('service_fluid'),
    /** The bench set stamped on the nameplate where service conditions differ from the bench's (psi). */
    coldDifferentialTestPressure: doublePrecision('cold_differential_test_pressure'),
    /** Back pressure at the outlet (psi): superimposed before it opens, built up while it flows. */
    superimposedBackPressure: doublePrecision('superimposed_back_pressure'),
    builtUpBackPressure: doublePrecision('built_up_back_pressure'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('relief_devices_org_serial_idx').on(t.organizationId, t.serialNumber)],
);

export const reliefInstallations = pgTable(
  'relief_installations',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    tagId: integer('tag_id')
      .notNull()
      .references(() => reliefTags.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => reliefDevices.id, { onDelete: 'cascade' }),
    installedOn: date('installed_on', { mode: 'string' }).notNull(),
    removedOn: date('removed_on', { mode: 'string' }),
    /** An engineer's reason for installing a device whose set pressure differs from the tag's, and who gave it. */
    setPressureReason: text('set_pressure_reason'),
    reasonByUserId: integer('reason_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Why it came off the tag (a removal or a swap), and who took it off. */
    removalReason: text('removal_reason'),
    removedByUserId: integer('removed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One device per tag, and one tag per device, at a time: the database holds it, whatever races.
    uniqueIndex('relief_installations_open_tag_idx').on(t.tagId).where(sql`removed_on is null`),
    uniqueIndex('relief_installations_open_device_idx').on(t.deviceId).where(sql`removed_on is null`),
    index('relief_installations_device_idx').on(t.deviceId),
  ],
);

/** The shop's authority: National Board VR, T/O (test only), or an owner's programme. */
export const reliefCertificates = pgTable('relief_certificates', {
  id: serial('id').primaryKey(),
  organizationId: organizationId(),
  kind: text('kind').notNull(),
  number: text('number').notNull(),
  holder: text('holder').notNull(),
  expiresOn: date('expires_on', { mode: 'string' }).notNull(),
  createdAt: createdAt(),
});

/** A tester's qualification under one certificate: to test only, or to test and repair. */
export const reliefQualifications = pgTable(
  'relief_qualifications',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => reliefCertificates.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    scope: text('scope').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('relief_qualifications_user_idx').on(t.userId, t.certificateId)],
);

/** Test benches and gauges, each with its calibration due date. */
export const reliefInstruments = pgTable('relief_instruments', {
  id: serial('id').primaryKey(),
  organizationId: organizationId(),
  kind: text('kind').notNull(),
  identifier: text('identifier').notNull(),
  description: text('description').notNull(),
  calibrationDueOn: date('calibration_due_on', { mode: 'string' }).notNull(),
  /** When it was last calibrated: the certificate prints both dates. */
  calibratedOn: date('calibrated_on', { mode: 'string' }),
  /** A gauge's full scale (from zero) in its unit, and its accuracy in % of full scale. */
  rangeMax: doublePrecision('range_max'),
  rangeUnit: text('range_unit').notNull().default('psi'),
  accuracyPercent: doublePrecision('accuracy_percent'),
  createdAt: createdAt(),
});

/** One shop visit or in-place test of a device, in the order of the work; the stages are the contract's shapes. */
export const reliefTests = pgTable(
  'relief_tests',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => reliefDevices.id, { onDelete: 'cascade' }),
    /** The position the device served when tested; null for a spare tested in the shop. */
    tagId: integer('tag_id').references(() => reliefTags.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('draft'),
    testedOn: date('tested_on', { mode: 'string' }).notNull(),
    place: text('place').notNull(),
    testerUserId: integer('tester_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => reliefCertificates.id, { onDelete: 'restrict' }),
    gaugeId: integer('gauge_id')
      .notNull()
      .references(() => reliefInstruments.id, { onDelete: 'restrict' }),
    benchId: integer('bench_id').references(() => reliefInstruments.id, { onDelete: 'restrict' }),
    medium: text('medium').notNull(),
    /** The unit the readings were entered in (the work is kept in psi for display; verdicts were judged in this). */
    pressureUnit: text('pressure_unit').notNull().default('psi'),
    /** The set pressure judged against: the device's nameplate when tested. */
    setPressure: doublePrecision('set_pressure').notNull(),
    code: text('code').notNull(),
    /** Everything found and done, as common/schemas/relief-valves.ts `reliefTestWork`. */
    work: jsonb('work').notNull(),
    asFoundJudgement: jsonb('as_found_judgement'),
    asLeftJudgement: jsonb('as_left_judgement'),
    /** as found, after any override: 'pass' | 'fail' | null when not tested as found. */
    asFoundResult: text('as_found_result'),
    asLeftResult: text('as_left_result'),
    override: jsonb('override'),
    nameplateAcceptedByUserId: integer('nameplate_accepted_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    nameplateAcceptedAt: timestamp('nameplate_accepted_at', { withTimezone: true }),
    workOrderId: integer('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('relief_tests_device_idx').on(t.deviceId, t.testedOn),
    index('relief_tests_tag_idx').on(t.tagId, t.testedOn),
  ],
);
