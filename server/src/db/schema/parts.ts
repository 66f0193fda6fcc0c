import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organizationId, plants } from './organizations';
import { users } from './users';
import { workOrders } from './work-orders';

/*
 * The stores and spare-parts ledger (issue 33; docs/decisions/110-parts-ledger.md). Quantities are numeric(12,3)
 * (metres of packing, kilograms of grease) and prices numeric(12,2), exact in the database; read as numbers.
 */
const quantity = (name: string) => numeric(name, { precision: 12, scale: 3, mode: 'number' });
const price = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/** A storeroom, crib or van at one plant. */
export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** Who orders for the store, told when a part falls under its minimum; null: the plant's parts managers. */
    reorderContactUserId: integer('reorder_contact_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('stores_org_plant_name_idx').on(t.organizationId, t.plantId, t.name)],
);

/** A spare part of the organization's catalog, the same in every store. */
export const parts = pgTable(
  'parts',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    partNumber: text('part_number').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    manufacturer: text('manufacturer'),
    /** common/schemas/parts.ts PART_UNITS. */
    unit: text('unit').notNull(),
    unitCost: price('unit_cost').notNull().default(0),
    minimumStock: quantity('minimum_stock').notNull().default(0),
    /** The valve models it fits, as the valves name them. */
    fitsModels: text('fits_models').array().notNull().default(sql`'{}'::text[]`),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('parts_org_part_number_idx').on(t.organizationId, t.partNumber)],
);

/**
 * What one store holds of a part. `on_hand` is the sum of the part's on-hand movements in the store and `reserved`
 * of its reservations and releases: both written in the movement's transaction with this row locked.
 */
export const partStock = pgTable(
  'part_stock',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    partId: integer('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    onHand: quantity('on_hand').notNull().default(0),
    reserved: quantity('reserved').notNull().default(0),
    bin: text('bin'),
  },
  (t) => [
    uniqueIndex('part_stock_part_store_idx').on(t.partId, t.storeId),
    index('part_stock_store_idx').on(t.storeId),
    check('part_stock_on_hand_not_negative', sql`${t.onHand} >= 0`),
    check('part_stock_reserved_within_on_hand', sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.onHand}`),
  ],
);

/** The ledger: every change of a part's stock in a store, append-only. */
export const partMovements = pgTable(
  'part_movements',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    partId: integer('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    /** common/schemas/parts.ts MOVEMENT_KINDS. */
    kind: text('kind').notNull(),
    /** Signed: of on hand (receipt, adjustment, issue, return) or of reserved (reservation, release). */
    quantity: quantity('quantity').notNull(),
    unitCost: price('unit_cost'),
    workOrderId: integer('work_order_id').references(() => workOrders.id, { onDelete: 'restrict' }),
    /** An adjustment's reason, a receipt's delivery note. */
    reason: text('reason'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('part_movements_part_idx').on(t.partId, t.id),
    index('part_movements_work_order_idx').on(t.workOrderId),
    check('part_movements_quantity_not_zero', sql`${t.quantity} <> 0`),
  ],
);

/** A work order's part from one store: how much is still held for it and how much was taken (less returns). */
export const workOrderParts = pgTable(
  'work_order_parts',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'restrict' }),
    partId: integer('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'restrict' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    reserved: quantity('reserved').notNull().default(0),
    issued: quantity('issued').notNull().default(0),
    /** What was issued cost, at each issue's unit cost, less what came back. */
    cost: price('cost').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('work_order_parts_line_idx').on(t.workOrderId, t.partId, t.storeId),
    check('work_order_parts_not_negative', sql`${t.reserved} >= 0 and ${t.issued} >= 0`),
  ],
);
