import type { adjustmentBody, receiptBody } from '@common/schemas/parts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { partStock, parts } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { adjust, receive, toThousandths } from './ledger-rules';
import { partInScope, storeInScope } from './scope';
import { readPart } from './service';
import { accepted, lockStock, writeStock } from './stock';

/**
 * A delivery into a store. Its unit cost, when given, becomes the part's (what the next issue is costed at); its
 * reference (purchase order, delivery note) is kept on the ledger row.
 */
export async function receiveParts(
  db: Database,
  scope: Scope,
  userId: number,
  partId: number,
  body: z.output<typeof receiptBody>,
) {
  const part = await partInScope(db, scope, partId);
  const store = await storeInScope(db, scope, body.storeId);
  const key = { organizationId: scope.organizationId, partId, storeId: store.id };
  const { id, stock } = await lockStock(db, key);
  const quantity = toThousandths(body.quantity);
  const outcome = accepted(receive(stock, quantity), part, store, quantity);
  await writeStock(db, key, { id, stock }, outcome, {
    userId,
    unitCost: body.unitCost ?? part.unitCost,
    reason: body.reference ?? null,
  });
  if (body.bin !== undefined) await db.update(partStock).set({ bin: body.bin }).where(eq(partStock.id, id));
  if (body.unitCost !== undefined && body.unitCost !== part.unitCost) {
    await db
      .update(parts)
      .set({ unitCost: body.unitCost, version: sql`${parts.version} + 1`, updatedAt: new Date() })
      .where(eq(parts.id, partId));
  }
  return readPart(db, scope, partId);
}

/** A count correction, signed by who made it (the ledger row's user) with the reason. */
export async function adjustStock(
  db: Database,
  scope: Scope,
  userId: number,
  partId: number,
  body: z.output<typeof adjustmentBody>,
) {
  const part = await partInScope(db, scope, partId);
  const store = await storeInScope(db, scope, body.storeId);
  const key = { organizationId: scope.organizationId, partId, storeId: store.id };
  const { id, stock } = await lockStock(db, key);
  const quantity = toThousandths(body.quantity);
  const outcome = accepted(adjust(stock, quantity), part, store, quantity);
  await writeStock(db, key, { id, stock }, outcome, { userId, unitCost: part.unitCost, reason: body.reason });
  return readPart(db, scope, partId);
}
