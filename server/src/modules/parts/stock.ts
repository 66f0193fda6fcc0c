import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { partMovements, partStock, parts } from '../../db/schema';
import { conflict } from '../../plugins/errors';
import {
  amount,
  availableOf,
  fromThousandths,
  isRefusal,
  type Outcome,
  type Refusal,
  type Stock,
  toThousandths,
} from './ledger-rules';
import { tellIfUnderMinimum } from './reorder-notice';
import type { PartInScope, StoreInScope } from './scope';

/*
 * The ledger's writes (docs/decisions/110-parts-ledger.md): the store's stock row of the part is locked (`for
 * update`) before its quantities are read, so two requests for the last units take turns, and the second sees
 * what the first left. The movements and the new quantities are written in the same transaction; the table's
 * CHECKs refuse a negative stock even if a rule here were wrong.
 */

export type StockKey = { organizationId: number; partId: number; storeId: number };
export type LockedStock = { id: number; stock: Stock };

/**
 * The stock row, made (with nothing on hand) if the store never held the part, then locked. The part is locked
 * first: its movements in every store take turns, so each reads the part's total as the one before left it (a
 * crossing under the minimum is seen once), and part before stock is the order updatePart locks them in too.
 */
export async function lockStock(db: Database, key: StockKey): Promise<LockedStock> {
  await db.select({ id: parts.id }).from(parts).where(eq(parts.id, key.partId)).for('no key update');
  await db
    .insert(partStock)
    .values(key)
    .onConflictDoNothing({ target: [partStock.partId, partStock.storeId] });
  const [row] = await db
    .select({ id: partStock.id, onHand: partStock.onHand, reserved: partStock.reserved })
    .from(partStock)
    .where(and(eq(partStock.partId, key.partId), eq(partStock.storeId, key.storeId)))
    .for('update');
  return { id: row.id, stock: { onHand: toThousandths(row.onHand), reserved: toThousandths(row.reserved) } };
}

/** What the ledger row says beyond its kind and quantity. */
export type MovementNote = { userId: number; workOrderId?: number; unitCost?: number | null; reason?: string | null };

/**
 * The outcome of a rule on the locked row: its movements as ledger rows and the stock as it now is (refusals never
 * get here). One that lowers what is available may take the part under its minimum: then the store's orderer is told.
 */
export async function writeStock(
  db: Database,
  key: StockKey,
  locked: LockedStock,
  outcome: Exclude<Outcome, Refusal>,
  note: MovementNote,
): Promise<void> {
  await db
    .update(partStock)
    .set({ onHand: fromThousandths(outcome.stock.onHand), reserved: fromThousandths(outcome.stock.reserved) })
    .where(eq(partStock.id, locked.id));
  const written = await db
    .insert(partMovements)
    .values(
      outcome.movements.map((m) => ({
        ...key,
        kind: m.kind,
        quantity: fromThousandths(m.quantity),
        unitCost: note.unitCost ?? null,
        workOrderId: note.workOrderId ?? null,
        reason: note.reason ?? null,
        userId: note.userId,
      })),
    )
    .returning({ id: partMovements.id, kind: partMovements.kind });
  const lowered = availableOf(locked.stock) - availableOf(outcome.stock);
  // The act itself (an issue) is written after the release of its reservation: the last row names it.
  const act = written.reduce((last, row) => (row.id > last.id ? row : last));
  if (lowered > 0) await tellIfUnderMinimum(db, key, act, lowered);
}

/** A refusal as the 409 a storeman or technician can act on: which part, where, and what there is. */
export function refused(refusal: Refusal, part: PartInScope, store: StoreInScope, asked: number) {
  const what = `${part.partNumber} ${part.name}`;
  const where = `${store.name} (${store.plant})`;
  switch (refusal.refused) {
    case 'short':
      return conflict(
        `Not enough ${what} in ${where}: ${amount(refusal.available, part.unit)} available, ${amount(asked, part.unit)} asked.`,
      );
    case 'below-reserved':
      if (refusal.reserved === 0) {
        return conflict(
          `The count would leave ${amount(refusal.onHand, part.unit)} of ${what} in ${where}: less than none.`,
        );
      }
      return conflict(
        `The count would leave ${amount(refusal.onHand, part.unit)} of ${what} in ${where}, but ` +
          `${amount(refusal.reserved, part.unit)} are reserved for work orders: return or issue those first.`,
      );
    case 'too-many':
      return conflict(
        `${where} would hold more of ${what} than the ledger can count (under 1,000,000,000); ` +
          `${amount(refusal.onHand, part.unit)} are there now.`,
      );
    case 'over-return':
      return conflict(
        `Only ${amount(refusal.issued, part.unit)} of ${what} from ${where} were issued to this work order; ` +
          `${amount(asked, part.unit)} cannot be returned.`,
      );
  }
}

/** The outcome, or its 409. */
export function accepted(
  outcome: Outcome,
  part: PartInScope,
  store: StoreInScope,
  asked: number,
): Exclude<Outcome, Refusal> {
  if (isRefusal(outcome)) throw refused(outcome, part, store, asked);
  return outcome;
}
