import type { Movement, Part, PartListQuery, PartStock, PartUnit } from '@common/schemas/parts';
import { type AnyColumn, and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations, partMovements, partStock, parts, plants, stores, users, workOrders } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { notFound } from '../../plugins/errors';
import { availableOf, fromThousandths, type Stock, toThousandths } from './ledger-rules';
import { PART_NOT_FOUND, partInScope, storesInScope } from './scope';

const partFields = {
  id: parts.id,
  partNumber: parts.partNumber,
  name: parts.name,
  description: parts.description,
  manufacturer: parts.manufacturer,
  unit: parts.unit,
  unitCost: parts.unitCost,
  minimumStock: parts.minimumStock,
  fitsModels: parts.fitsModels,
  version: parts.version,
};
type PartRow = {
  id: number;
  partNumber: string;
  name: string;
  description: string | null;
  manufacturer: string | null;
  unit: string;
  unitCost: number;
  minimumStock: number;
  fitsModels: string[];
  version: number;
};

/** Case-insensitive "contains", with no wildcard characters to escape. */
const contains = (column: SQL | AnyColumn, text: string) =>
  sql`strpos(lower(coalesce(${column}, '')), lower(${text})) > 0`;

/**
 * The catalog, by part number: `q` in the part number, name, manufacturer or a model it fits; `fits` one model
 * exactly (any case); `storeId` those the store has a stock row of; `belowMinimum` those on the reorder list.
 * A plant-limited user sees every part but only the stock of their plants' stores, and totals of those.
 */
export async function listParts(db: Database, scope: Scope, query: PartListQuery): Promise<Part[]> {
  const rows = await db
    .select(partFields)
    .from(parts)
    .where(
      and(
        eq(parts.organizationId, scope.organizationId),
        query.q
          ? sql`(${contains(parts.partNumber, query.q)} or ${contains(parts.name, query.q)}
              or ${contains(parts.manufacturer, query.q)}
              or ${contains(sql`array_to_string(${parts.fitsModels}, '|')`, query.q)})`
          : undefined,
        query.fits
          ? sql`exists (select 1 from unnest(${parts.fitsModels}) m where lower(m) = lower(${query.fits}))`
          : undefined,
      ),
    )
    .orderBy(asc(parts.partNumber));
  const presented = await presentParts(db, scope, rows);
  return presented.filter(
    (part) =>
      (query.storeId === undefined || part.stock.some((s) => s.storeId === query.storeId)) &&
      (query.belowMinimum === undefined || part.belowMinimum === (query.belowMinimum === 'true')),
  );
}

/** One part with its stock in the stores the request may see; 404 outside the organization. */
export async function readPart(db: Database, scope: Scope, id: number): Promise<Part> {
  const rows = await db
    .select(partFields)
    .from(parts)
    .where(and(eq(parts.organizationId, scope.organizationId), eq(parts.id, id)));
  if (!rows.length) throw notFound(PART_NOT_FOUND);
  const [part] = await presentParts(db, scope, rows);
  return part;
}

/** The reorder list: parts whose available stock (every store the request sees) is under their minimum. */
export const reorderList = (db: Database, scope: Scope) => listParts(db, scope, { belowMinimum: 'true' });

export async function currencyOf(db: Database, organizationId: number): Promise<string> {
  const [row] = await db
    .select({ currency: organizations.currency })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.currency ?? 'USD';
}

/** The part wire format (common/schemas/parts.ts `part`): its fields, its stock per store and the totals. */
async function presentParts(db: Database, scope: Scope, rows: PartRow[]): Promise<Part[]> {
  if (!rows.length) return [];
  const currency = await currencyOf(db, scope.organizationId);
  const stockRows = await db
    .select({
      partId: partStock.partId,
      storeId: partStock.storeId,
      store: stores.name,
      plant: plants.name,
      onHand: partStock.onHand,
      reserved: partStock.reserved,
      bin: partStock.bin,
    })
    .from(partStock)
    .innerJoin(stores, eq(stores.id, partStock.storeId))
    .innerJoin(plants, eq(plants.id, stores.plantId))
    .where(
      and(
        storesInScope(scope),
        inArray(
          partStock.partId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(plants.name), asc(stores.name));
  const stockOf = new Map<number, PartStock[]>();
  for (const { partId, ...s } of stockRows) {
    const list = stockOf.get(partId) ?? [];
    list.push({ ...s, available: fromThousandths(toThousandths(s.onHand) - toThousandths(s.reserved)) });
    stockOf.set(partId, list);
  }
  return rows.map((row) => {
    const stock = stockOf.get(row.id) ?? [];
    const total: Stock = { onHand: 0, reserved: 0 };
    for (const s of stock) {
      total.onHand += toThousandths(s.onHand);
      total.reserved += toThousandths(s.reserved);
    }
    return {
      ...row,
      unit: row.unit as PartUnit,
      currency,
      stock,
      onHand: fromThousandths(total.onHand),
      reserved: fromThousandths(total.reserved),
      available: fromThousandths(availableOf(total)),
      belowMinimum: availableOf(total) < toThousandths(row.minimumStock),
    };
  });
}

/** A part's ledger in the stores the request may see, newest first (the latest 1,000). */
export async function listMovements(db: Database, scope: Scope, partId: number): Promise<Movement[]> {
  await partInScope(db, scope, partId);
  const rows = await db
    .select({
      id: partMovements.id,
      partId: partMovements.partId,
      storeId: partMovements.storeId,
      store: stores.name,
      kind: partMovements.kind,
      quantity: partMovements.quantity,
      unitCost: partMovements.unitCost,
      workOrderId: partMovements.workOrderId,
      workOrder: workOrders.workOrderId,
      reason: partMovements.reason,
      by: sql<string>`coalesce(${users.name}, '')`,
      at: partMovements.at,
    })
    .from(partMovements)
    .innerJoin(stores, eq(stores.id, partMovements.storeId))
    .innerJoin(plants, eq(plants.id, stores.plantId))
    .leftJoin(workOrders, eq(workOrders.id, partMovements.workOrderId))
    .leftJoin(users, eq(users.id, partMovements.userId))
    .where(and(storesInScope(scope), eq(partMovements.partId, partId)))
    .orderBy(desc(partMovements.id))
    .limit(1000);
  return rows.map((row) => ({ ...row, kind: row.kind as Movement['kind'], at: row.at.toISOString() }));
}
