import type { SignOffStage } from '@common/constants';
import {
  boolean,
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
import { photos } from './photos';
import { signatures } from './signatures';
import { users } from './users';
import { workOrders } from './work-orders';

/** A reusable step list; its content lives in versions, and editing it makes a new version. */
export const procedures = pgTable(
  'procedures',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    currentVersion: integer('current_version').notNull().default(1),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('procedures_org_name_idx').on(t.organizationId, t.name)],
);

/** One version of a procedure as written: never changed once made, so a work order keeps what it ran. */
export const procedureVersions = pgTable(
  'procedure_versions',
  {
    id: serial('id').primaryKey(),
    procedureId: integer('procedure_id')
      .notNull()
      .references(() => procedures.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The typed steps (common/schemas/procedures.ts `procedureStep`). */
    steps: jsonb('steps').notNull(),
    /** 'offer': a failed step suggests a corrective work order; 'force': it raises one. */
    corrective: text('corrective').notNull().default('offer'),
    /** The work order steps a run of this version makes need a signature: complete, approve, close. */
    signOff: jsonb('sign_off').$type<SignOffStage[]>().notNull().default([]),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('procedure_versions_procedure_version_idx').on(t.procedureId, t.version)],
);

/** A procedure version attached to a work order: the run whose steps the technician fills. */
export const procedureRuns = pgTable(
  'procedure_runs',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    procedureVersionId: integer('procedure_version_id')
      .notNull()
      .references(() => procedureVersions.id, { onDelete: 'restrict' }),
    attachedByUserId: integer('attached_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('procedure_runs_work_order_version_idx').on(t.workOrderId, t.procedureVersionId)],
);

/** What was found at one step of a run: one row per step, written one step at a time (so it queues offline). */
export const procedureStepResults = pgTable(
  'procedure_step_results',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => procedureRuns.id, { onDelete: 'cascade' }),
    stepKey: text('step_key').notNull(),
    /** check: pass | fail | na; choice: the option; text: the text. */
    answer: text('answer'),
    numberValue: doublePrecision('number_value'),
    photoId: integer('photo_id').references(() => photos.id, { onDelete: 'set null' }),
    signatureId: integer('signature_id').references(() => signatures.id, { onDelete: 'restrict' }),
    /** A failed check or a number outside its limits. */
    failed: boolean('failed').notNull().default(false),
    correctiveWorkOrderId: integer('corrective_work_order_id').references(() => workOrders.id, {
      onDelete: 'set null',
    }),
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('procedure_step_results_run_step_idx').on(t.runId, t.stepKey),
    index('procedure_step_results_corrective_idx').on(t.correctiveWorkOrderId),
  ],
);
