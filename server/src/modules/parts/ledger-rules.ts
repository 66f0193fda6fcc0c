import type { MovementKind } from '@common/schemas/parts';

/*
 * The ledger's rules, pure (docs/decisions/110-parts-ledger.md): each act on a store's stock of a part, given the
 * stock and the work order's line as they are (locked), answers the movements it writes and the stock and line
 * after, or a refusal saying what there is. Quantities are whole thousandths (the database's numeric(12,3)), so
 * sums are exact.
 */

/** A store's stock of a part, in thousandths. */
export type Stock = { onHand: number; reserved: number };
/** A work order's line of a part from a store, in thousandths. */
export type Line = { reserved: number; issued: number };
export type Movement = { kind: MovementKind; quantity: number };

export type Refusal =
  /** More asked than is on the shelf and not promised to other work. */
  | { refused: 'short'; available: number }
  /** A count that would leave less on hand than is reserved for work orders (or less than none). */
  | { refused: 'below-reserved'; onHand: number; reserved: number }
  /** More returned than the work order was issued. */
  | { refused: 'over-return'; issued: number }
  /** More than the ledger's numbers hold (numeric(12,3): under a billion). */
  | { refused: 'too-many'; onHand: number };

export type Outcome = { stock: Stock; line: Line; movements: Movement[] } | Refusal;

const NO_LINE: Line = { reserved: 0, issued: 0 };
/** The largest on hand the ledger's numeric(12,3) holds, in thousandths. */
export const MOST_ON_HAND = 999_999_999_999;

export const toThousandths = (quantity: number) => Math.round(quantity * 1000);
export const fromThousandths = (thousandths: number) => thousandths / 1000;
export const availableOf = (stock: Stock) => stock.onHand - stock.reserved;

/** "3 set", "2" (a count of each is just the number). */
export const amount = (thousandths: number, unit: string) =>
  unit === 'each' ? `${fromThousandths(thousandths)}` : `${fromThousandths(thousandths)} ${unit}`;

/**
 * A movement that lowered a part's available (every store together) by `lowered` took it from at or above its
 * minimum to under it: the one moment to reorder, so a further issue under the minimum is no news.
 */
export const fellUnderMinimum = (availableAfter: number, lowered: number, minimum: number) =>
  lowered > 0 && availableAfter < minimum && availableAfter + lowered >= minimum;

/** Delivered to the store. */
export function receive(stock: Stock, quantity: number): Outcome {
  if (stock.onHand + quantity > MOST_ON_HAND) return { refused: 'too-many', onHand: stock.onHand };
  return {
    stock: { ...stock, onHand: stock.onHand + quantity },
    line: NO_LINE,
    movements: [{ kind: 'receipt', quantity }],
  };
}

/** A count correction, either way; it may not take away what is reserved for work orders. */
export function adjust(stock: Stock, quantity: number): Outcome {
  const onHand = stock.onHand + quantity;
  if (onHand < stock.reserved) return { refused: 'below-reserved', onHand, reserved: stock.reserved };
  if (onHand > MOST_ON_HAND) return { refused: 'too-many', onHand: stock.onHand };
  return { stock: { ...stock, onHand }, line: NO_LINE, movements: [{ kind: 'adjustment', quantity }] };
}

/** Held on the shelf for a work order: only what is available (on hand, not promised to other work). */
export function reserve(stock: Stock, line: Line, quantity: number): Outcome {
  if (quantity > availableOf(stock)) return { refused: 'short', available: availableOf(stock) };
  return {
    stock: { ...stock, reserved: stock.reserved + quantity },
    line: { ...line, reserved: line.reserved + quantity },
    movements: [{ kind: 'reservation', quantity }],
  };
}

/**
 * Taken from the shelf for the work order: first what was reserved for it (released as it is taken), and beyond
 * that what is available, as if reserved and taken at once.
 */
export function issue(stock: Stock, line: Line, quantity: number): Outcome {
  const fromReservation = Math.min(quantity, line.reserved);
  const beyond = quantity - fromReservation;
  if (beyond > availableOf(stock)) return { refused: 'short', available: availableOf(stock) + line.reserved };
  const movements: Movement[] = [];
  if (fromReservation > 0) movements.push({ kind: 'release', quantity: -fromReservation });
  movements.push({ kind: 'issue', quantity: -quantity });
  return {
    stock: { onHand: stock.onHand - quantity, reserved: stock.reserved - fromReservation },
    line: { reserved: line.reserved - fromReservation, issued: line.issued + quantity },
    movements,
  };
}

/**
 * What is still held for the work order goes back to the shelf's available stock: its work is over (completed or
 * cancelled), so nothing else may wait on it. Nothing held, nothing written.
 */
export function release(stock: Stock, line: Line): Exclude<Outcome, Refusal> {
  return {
    stock: { ...stock, reserved: stock.reserved - line.reserved },
    line: { ...line, reserved: 0 },
    movements: line.reserved > 0 ? [{ kind: 'release', quantity: -line.reserved }] : [],
  };
}

/** Put back on the shelf unused: no more than the work order was issued. */
export function giveBack(stock: Stock, line: Line, quantity: number): Outcome {
  if (quantity > line.issued) return { refused: 'over-return', issued: line.issued };
  if (stock.onHand + quantity > MOST_ON_HAND) return { refused: 'too-many', onHand: stock.onHand };
  return {
    stock: { ...stock, onHand: stock.onHand + quantity },
    line: { ...line, issued: line.issued - quantity },
    movements: [{ kind: 'return', quantity }],
  };
}

const ON_HAND_KINDS: readonly MovementKind[] = ['receipt', 'adjustment', 'issue', 'return'];

/** What the movements add up to: on hand from receipts, counts, issues and returns; reserved from the rest. */
export function sumOf(movements: readonly Movement[]): Stock {
  let onHand = 0;
  let reserved = 0;
  for (const m of movements) {
    if (ON_HAND_KINDS.includes(m.kind)) onHand += m.quantity;
    else reserved += m.quantity;
  }
  return { onHand, reserved };
}

export const isRefusal = (outcome: Outcome): outcome is Refusal => 'refused' in outcome;
