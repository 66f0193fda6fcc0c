import { z } from 'zod';
import { MAX_ID } from '../constants';
import { required, text } from './fields';
import { isoDateTime } from './params';

/*
 * The maintenance ledger's stores and spare parts (issue 33, docs/decisions/110-parts-ledger.md). PUBLIC CONTRACT:
 * the routes and the names of `part` are other tools' (GET/POST /api/parts, GET/PATCH /api/parts/:id, GET/POST
 * /api/stores, PATCH /api/stores/:id, POST /api/parts/:id/receipts, POST /api/parts/:id/adjustments, and the work
 * order's part lines).
 */

/** How a part is counted on the shelf. A packing set is a `set`, gasket sheet by the `m`, grease by the `kg`. */
export const PART_UNITS = ['each', 'set', 'kit', 'pair', 'box', 'm', 'ft', 'kg', 'lb', 'L', 'gal'] as const;
export type PartUnit = (typeof PART_UNITS)[number];

/** Quantities carry up to three decimals (metres of packing, kilograms of grease), as the ledger stores them. */
const QUANTITY_DECIMALS = 3;
const hasAtMostDecimals = (value: number, decimals: number) =>
  Math.abs(Math.round(value * 10 ** decimals) - value * 10 ** decimals) < 1e-6;

const quantity = z
  .number({ error: 'must be a number' })
  .refine(Number.isFinite, { error: 'must be a number' })
  .refine((value) => hasAtMostDecimals(value, QUANTITY_DECIMALS), {
    error: `must have at most ${QUANTITY_DECIMALS} decimals`,
  })
  .refine((value) => Math.abs(value) <= 1_000_000, { error: 'must be at most 1,000,000' });
/** A quantity moved in one direction (received, reserved, issued, returned). */
export const positiveQuantity = quantity.refine((value) => value > 0, { error: 'must be more than 0' });
/** A count correction: more (found) or fewer (lost, damaged) than the books said. */
export const signedQuantity = quantity.refine((value) => value !== 0, { error: 'must not be 0' });

/** A price in the organization's currency, to the cent. */
export const money = z
  .number({ error: 'must be a number' })
  .refine(Number.isFinite, { error: 'must be a number' })
  .refine((value) => value >= 0, { error: 'must not be negative' })
  .refine((value) => value <= 10_000_000, { error: 'must be at most 10,000,000' })
  .refine((value) => hasAtMostDecimals(value, 2), { error: 'must have at most 2 decimals' });

const id = (what: string) =>
  z
    .number({ error: `is required (the ${what}'s id)` })
    .int({ error: 'must be a whole number' })
    .positive({ error: 'must be a whole number' })
    // Beyond PostgreSQL's integer the query would fail: refused as input instead (conventions, "Ids").
    .max(MAX_ID, { error: 'is too large' });

// ---- Stores: a storeroom, crib or van, at one plant ----

export const store = z.object({
  id: z.number(),
  name: z.string(),
  plantId: z.number(),
  plant: z.string(),
  /** How many parts it holds some of, and how many of those are under their minimum there. */
  parts: z.number(),
  /** Who orders for it, told when a part falls under its minimum; null: the parts managers of its plant are. */
  reorderContact: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type Store = z.infer<typeof store>;

/** A user of the organization, or null for nobody named. */
const reorderContactUserId = id('user').nullable();

export const createStoreBody = z.object({
  name: required(100),
  plantId: id('plant'),
  reorderContactUserId: reorderContactUserId.optional(),
});
export type CreateStoreBody = z.input<typeof createStoreBody>;

/** A store renamed, or who orders for it named (null: nobody, so the plant's parts managers). */
export const updateStoreBody = z
  .object({ name: required(100).optional(), reorderContactUserId: reorderContactUserId.optional() })
  .refine((body) => body.name !== undefined || body.reorderContactUserId !== undefined, {
    error: 'needs a name or a reorder contact to change',
  });
export type UpdateStoreBody = z.input<typeof updateStoreBody>;

// ---- Parts ----

/** What one store holds of a part: on hand is the sum of its movements; reserved is held for work orders. */
export const partStock = z.object({
  storeId: z.number(),
  store: z.string(),
  plant: z.string(),
  onHand: z.number(),
  reserved: z.number(),
  /** On hand less reserved: what can still be promised. */
  available: z.number(),
  /** Where on the shelves (aisle, rack, bin), as the store labels it. */
  bin: z.string().nullable(),
});
export type PartStock = z.infer<typeof partStock>;

export const part = z.object({
  id: z.number(),
  partNumber: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  manufacturer: z.string().nullable(),
  unit: z.enum(PART_UNITS),
  unitCost: z.number(),
  /** The organization's one currency (ISO 4217). */
  currency: z.string(),
  /** Reorder when available (on hand less reserved, every store together) falls under this. */
  minimumStock: z.number(),
  /** The valve models it fits, as the valves name them ("Fisher ED", "Crosby JOS-E"). */
  fitsModels: z.array(z.string()),
  stock: z.array(partStock),
  onHand: z.number(),
  reserved: z.number(),
  available: z.number(),
  /** Available under the minimum: on the reorder list. */
  belowMinimum: z.boolean(),
  version: z.number(),
});
export type Part = z.infer<typeof part>;

const fitsModels = z
  .array(required(100), { error: 'must be a list of valve models' })
  .max(50, { error: 'must be at most 50 models' })
  .transform((models) => [...new Set(models)]);

/** A part's own fields as written; the create body gives two of them defaults. */
const partFields = {
  partNumber: required(60),
  name: required(200),
  description: text(2000).nullish(),
  manufacturer: text(100).nullish(),
  unit: z.enum(PART_UNITS, { error: `must be one of: ${PART_UNITS.join(', ')}` }),
  unitCost: money,
  minimumStock: quantity.refine((value) => value >= 0, { error: 'must not be negative' }),
  fitsModels,
};

export const createPartBody = z.object({
  ...partFields,
  minimumStock: partFields.minimumStock.default(0),
  fitsModels: fitsModels.default([]),
});
export type CreatePartBody = z.input<typeof createPartBody>;

/**
 * A part's own fields, changed one by one; `bins` labels where it sits in each store. `version` is the one the
 * change was made to: a stale one is 409 with the part as it is.
 */
// From the fields without defaults: zod 4 fills a default even inside .partial(), which would reset a part's
// minimum and models on every change that leaves them out.
export const updatePartBody = z
  .object(partFields)
  .partial()
  .extend({
    version: z.number({ error: 'is required (the version you changed)' }).int({ error: 'must be a whole number' }),
    bins: z
      .array(z.object({ storeId: id('store'), bin: text(40).nullable() }), {
        error: 'must be a list of stores and bins',
      })
      .max(100)
      .optional(),
  })
  .refine((body) => Object.keys(body).some((key) => key !== 'version'), {
    error: 'needs at least one field to change',
  });
export type UpdatePartBody = z.input<typeof updatePartBody>;

export const partListQuery = z.object({
  /** Part number, name, manufacturer or a model it fits. */
  q: text(100).optional(),
  storeId: z.coerce.number({ error: 'must be a store id' }).int().positive().max(MAX_ID).optional(),
  /** Only the parts that fit this valve model. */
  fits: text(100).optional(),
  belowMinimum: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});
export type PartListQuery = z.infer<typeof partListQuery>;

// ---- Movements: every change of stock is a row of the ledger ----

export const MOVEMENT_KINDS = ['receipt', 'adjustment', 'reservation', 'release', 'issue', 'return'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export const receiptBody = z.object({
  storeId: id('store'),
  quantity: positiveQuantity,
  /** What this delivery cost each; the part's unit cost becomes it. */
  unitCost: money.optional(),
  bin: text(40).nullish(),
  /** The purchase order or delivery note it came on. */
  reference: text(100).nullish(),
});
export type ReceiptBody = z.input<typeof receiptBody>;

export const adjustmentBody = z.object({
  storeId: id('store'),
  /** Positive when the count found more than the books, negative when fewer. */
  quantity: signedQuantity,
  reason: required(500),
});
export type AdjustmentBody = z.input<typeof adjustmentBody>;

export const movement = z.object({
  id: z.number(),
  partId: z.number(),
  storeId: z.number(),
  store: z.string(),
  kind: z.enum(MOVEMENT_KINDS),
  /** Change of on hand (receipt, adjustment, issue, return) or of reserved (reservation, release), signed. */
  quantity: z.number(),
  unitCost: z.number().nullable(),
  workOrderId: z.number().nullable(),
  /** The work order's number (WO-2026-0042) when the movement was for one. */
  workOrder: z.string().nullable(),
  reason: z.string().nullable(),
  by: z.string(),
  at: isoDateTime,
});
export type Movement = z.infer<typeof movement>;

// ---- A work order's parts: reserved, then issued (taken from the shelf), returned if unused ----

export const reservePartBody = z.object({
  partId: id('part'),
  storeId: id('store'),
  quantity: positiveQuantity,
});
export type ReservePartBody = z.input<typeof reservePartBody>;

export const lineQuantityBody = z.object({ quantity: positiveQuantity });
export type LineQuantityBody = z.input<typeof lineQuantityBody>;

export const workOrderPart = z.object({
  id: z.number(),
  partId: z.number(),
  partNumber: z.string(),
  name: z.string(),
  unit: z.enum(PART_UNITS),
  storeId: z.number(),
  store: z.string(),
  /** Still held on the shelf for this work order. */
  reserved: z.number(),
  /** Taken from the shelf for it, less what came back. */
  issued: z.number(),
  /** The cost of what was issued, at the unit cost of the day each was taken. */
  cost: z.number(),
});
export type WorkOrderPart = z.infer<typeof workOrderPart>;
