import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adjust,
  availableOf,
  fellUnderMinimum,
  giveBack,
  isRefusal,
  issue,
  type Line,
  MOST_ON_HAND,
  type Movement,
  type Outcome,
  receive,
  release,
  reserve,
  type Stock,
  sumOf,
} from './ledger-rules';

/** One act on a store's stock of a part: quantities in thousandths, `line` one of three work orders' lines. */
type Act =
  | { act: 'receive'; quantity: number }
  | { act: 'adjust'; quantity: number }
  | { act: 'reserve' | 'issue' | 'giveBack'; line: number; quantity: number }
  | { act: 'release'; line: number };

const quantity = fc.integer({ min: 1, max: 20_000 });
const act: fc.Arbitrary<Act> = fc.oneof(
  fc.record({ act: fc.constant('receive' as const), quantity }),
  fc.record({
    act: fc.constant('adjust' as const),
    quantity: fc.integer({ min: -20_000, max: 20_000 }).filter((q) => q !== 0),
  }),
  fc.record({
    act: fc.constantFrom('reserve' as const, 'issue' as const, 'giveBack' as const),
    line: fc.integer({ min: 0, max: 2 }),
    quantity,
  }),
  fc.record({ act: fc.constant('release' as const), line: fc.integer({ min: 0, max: 2 }) }),
);

function apply(stock: Stock, lines: Line[], a: Act): Outcome {
  switch (a.act) {
    case 'receive':
      return receive(stock, a.quantity);
    case 'adjust':
      return adjust(stock, a.quantity);
    case 'reserve':
      return reserve(stock, lines[a.line], a.quantity);
    case 'issue':
      return issue(stock, lines[a.line], a.quantity);
    case 'giveBack':
      return giveBack(stock, lines[a.line], a.quantity);
    case 'release':
      return release(stock, lines[a.line]);
  }
}

/** Whether the act should be refused, said without the rules' code: what a storeman would check. */
function shouldRefuse(stock: Stock, lines: Line[], a: Act): boolean {
  const available = stock.onHand - stock.reserved;
  switch (a.act) {
    case 'receive':
      return false;
    case 'adjust':
      return stock.onHand + a.quantity < stock.reserved;
    case 'reserve':
      return a.quantity > available;
    case 'issue':
      return a.quantity > available + lines[a.line].reserved;
    case 'giveBack':
      return a.quantity > lines[a.line].issued;
    case 'release':
      return false;
  }
}

describe('the ledger’s rules', () => {
  it('keep on hand and reserved equal to the sums of the movements, never negative, whatever the acts', () => {
    fc.assert(
      fc.property(fc.array(act, { maxLength: 60 }), (acts) => {
        let stock: Stock = { onHand: 0, reserved: 0 };
        const lines: Line[] = [0, 1, 2].map(() => ({ reserved: 0, issued: 0 }));
        const ledger: Movement[] = [];
        for (const a of acts) {
          const outcome = apply(stock, lines, a);
          expect(isRefusal(outcome)).toBe(shouldRefuse(stock, lines, a));
          if (isRefusal(outcome)) continue;
          stock = outcome.stock;
          if ('line' in a) lines[a.line] = outcome.line;
          ledger.push(...outcome.movements);
        }
        expect(sumOf(ledger)).toEqual(stock);
        expect(stock.onHand).toBeGreaterThanOrEqual(0);
        expect(stock.reserved).toBeGreaterThanOrEqual(0);
        expect(availableOf(stock)).toBeGreaterThanOrEqual(0);
        // What the lines hold is what the stock says is reserved; what they took is what left the shelf for them.
        expect(lines.reduce((sum, l) => sum + l.reserved, 0)).toBe(stock.reserved);
        const issued = ledger.filter((m) => m.kind === 'issue' || m.kind === 'return');
        expect(0 - issued.reduce((sum, m) => sum + m.quantity, 0)).toBe(lines.reduce((sum, l) => sum + l.issued, 0));
        for (const line of lines) expect(Math.min(line.reserved, line.issued)).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });

  it('issue takes the line’s reservation first, and beyond it only what is available', () => {
    const stock = { onHand: 5000, reserved: 3000 };
    const line = { reserved: 2000, issued: 0 };
    expect(issue(stock, line, 4000)).toEqual({
      stock: { onHand: 1000, reserved: 1000 },
      line: { reserved: 0, issued: 4000 },
      movements: [
        { kind: 'release', quantity: -2000 },
        { kind: 'issue', quantity: -4000 },
      ],
    });
    expect(issue(stock, line, 4001)).toEqual({ refused: 'short', available: 4000 });
  });

  it('refuses more on hand than the ledger’s numbers hold, by receipt, count or return', () => {
    const nearlyFull = { onHand: MOST_ON_HAND - 1000, reserved: 0 };
    expect(receive(nearlyFull, 1000)).not.toHaveProperty('refused');
    expect(receive(nearlyFull, 2000)).toEqual({ refused: 'too-many', onHand: MOST_ON_HAND - 1000 });
    expect(adjust(nearlyFull, 2000)).toEqual({ refused: 'too-many', onHand: MOST_ON_HAND - 1000 });
    expect(giveBack(nearlyFull, { reserved: 0, issued: 5000 }, 2000)).toMatchObject({ refused: 'too-many' });
  });

  it('says a part fell under its minimum only on the movement that crossed it', () => {
    expect(fellUnderMinimum(4000, 1000, 5000)).toBe(true); // 5 to 4, minimum 5
    expect(fellUnderMinimum(3000, 1000, 5000)).toBe(false); // 4 to 3: already under
    expect(fellUnderMinimum(5000, 1000, 5000)).toBe(false); // 6 to 5: at the minimum is enough
    expect(fellUnderMinimum(0, 0, 0)).toBe(false); // a minimum of none is never crossed
    expect(fellUnderMinimum(4000, 0, 5000)).toBe(false); // nothing taken
  });
});
