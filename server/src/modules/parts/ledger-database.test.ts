import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { adjust, giveBack, isRefusal, issue, type Line, receive, reserve, type Stock } from './ledger-rules';

/*
 * The ledger on the real engine (PGlite, and PostgreSQL with TEST_DATABASE_URL): requests racing for the last
 * units, and any sequence of movements through the API leaving the stock rows equal to their ledger's sums.
 */

let t: TestContext;
let storeId = 0;
let orders: number[] = [];
let parts = 0;

beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  const [plant] = await rowsOf<{ id: number }>(
    t.db,
    sql`select id from plants where organization_id = 1 order by id limit 1`,
  );
  const store = await send(t, 'POST', '/api/stores', { name: 'Race crib', plantId: plant.id });
  storeId = store.json().id;
  // The supervisor sees every plant: any ten of the organization's work orders still taking parts.
  orders = (
    await rowsOf<{ id: number }>(
      t.db,
      sql`select id from work_orders where organization_id = 1 and cancelled_at is null and closed_at is null
        order by id limit 10`,
    )
  ).map((r) => r.id);
  expect(orders).toHaveLength(10);
});
afterAll(() => t.close());

async function newPart(onHand: number) {
  parts += 1;
  const made = await send(t, 'POST', '/api/parts', {
    partNumber: `RACE-${parts}`,
    name: 'Seat ring',
    unit: 'each',
    unitCost: 10,
  });
  const id = made.json().id as number;
  if (onHand) await send(t, 'POST', `/api/parts/${id}/receipts`, { storeId, quantity: onHand });
  return id;
}

/** The stock row (none if every act on it was refused: its making rolled back too) and its ledger's sum. */
const stockOf = async (partId: number) => {
  const [row] = await rowsOf<{ on_hand: string; reserved: string; ledger: string }>(
    t.db,
    sql`select coalesce(s.on_hand, 0) as on_hand, coalesce(s.reserved, 0) as reserved,
      (select coalesce(sum(quantity), 0) from part_movements m where m.part_id = ${partId} and m.store_id = ${storeId}
        and m.kind in ('receipt', 'adjustment', 'issue', 'return')) as ledger
      from (select 1) as one left join part_stock s on s.part_id = ${partId} and s.store_id = ${storeId}`,
  );
  return { onHand: Number(row.on_hand), reserved: Number(row.reserved), ledger: Number(row.ledger) };
};

const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

describe('racing for the last units', () => {
  it('two technicians reserving the last seat ring at once: one yes, one clear no', async () => {
    const part = await newPart(1);
    const body = { partId: part, storeId, quantity: 1 };
    const answers = await Promise.all(
      orders.slice(0, 2).map((o) => send(t, 'POST', `/api/work-orders/${o}/parts`, body, { as: 'technician' })),
    );
    expect(statuses(answers)).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toMatch(/: 0 available, 1 asked\.$/);
    expect(await stockOf(part)).toEqual({ onHand: 1, reserved: 1, ledger: 1 });
  });

  it('ten reservations of three left: exactly three succeed, the rest 409', async () => {
    const part = await newPart(3);
    const answers = await Promise.all(
      orders.map((o) => send(t, 'POST', `/api/work-orders/${o}/parts`, { partId: part, storeId, quantity: 1 })),
    );
    expect(statuses(answers)).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await stockOf(part)).toEqual({ onHand: 3, reserved: 3, ledger: 3 });
  });

  it('ten issues each needing one beyond its reservation, two available: exactly two succeed', async () => {
    const part = await newPart(12);
    const lines: { order: number; line: number }[] = [];
    for (const order of orders) {
      const res = await send(t, 'POST', `/api/work-orders/${order}/parts`, { partId: part, storeId, quantity: 1 });
      lines.push({ order, line: res.json().id });
    }
    const answers = await Promise.all(
      lines.map(({ order, line }) =>
        send(t, 'POST', `/api/work-orders/${order}/parts/${line}/issue`, { quantity: 2 }, { as: 'technician' }),
      ),
    );
    expect(statuses(answers)).toEqual([200, 200, 409, 409, 409, 409, 409, 409, 409, 409]);
    // 12 on hand, 2 lines took 2 each; the 8 refused still hold their 1.
    expect(await stockOf(part)).toEqual({ onHand: 8, reserved: 8, ledger: 8 });
  });
});

type Act =
  | { act: 'receipts' | 'adjustments'; quantity: number }
  | { act: 'reserve' | 'issue' | 'return'; order: number; quantity: number };

describe('any sequence of movements through the API', () => {
  it('keeps on hand equal to the sum of the ledger, never negative, and refuses exactly what the rules refuse', async () => {
    const quantity = fc.integer({ min: 1, max: 6 });
    const act: fc.Arbitrary<Act> = fc.oneof(
      fc.record({ act: fc.constant('receipts' as const), quantity }),
      fc.record({
        act: fc.constant('adjustments' as const),
        quantity: fc.integer({ min: -6, max: 6 }).filter((q) => q !== 0),
      }),
      fc.record({
        act: fc.constantFrom('reserve' as const, 'issue' as const, 'return' as const),
        order: fc.integer({ min: 0, max: 1 }),
        quantity,
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(act, { minLength: 5, maxLength: 15 }), async (acts) => {
        const part = await newPart(0);
        let stock: Stock = { onHand: 0, reserved: 0 };
        const lines: (Line & { id?: number })[] = [
          { reserved: 0, issued: 0 },
          { reserved: 0, issued: 0 },
        ];
        for (const a of acts) {
          // The model, in thousandths as the rules count; then the same act through the API.
          const q = a.quantity * 1000;
          if (!('order' in a)) {
            const outcome = a.act === 'receipts' ? receive(stock, q) : adjust(stock, q);
            const body = { storeId, quantity: a.quantity, reason: 'Property run' };
            const res = await send(t, 'POST', `/api/parts/${part}/${a.act}`, body);
            expect(res.statusCode, res.body).toBe(isRefusal(outcome) ? 409 : 201);
            if (!isRefusal(outcome)) stock = outcome.stock;
            continue;
          }
          const line = lines[a.order];
          // A line is made by its first reservation: issuing or returning before it has none to act on.
          if (a.act !== 'reserve' && !line.id) continue;
          const outcome =
            a.act === 'reserve'
              ? reserve(stock, line, q)
              : a.act === 'issue'
                ? issue(stock, line, q)
                : giveBack(stock, line, q);
          const res =
            a.act === 'reserve'
              ? await send(t, 'POST', `/api/work-orders/${orders[a.order]}/parts`, {
                  partId: part,
                  storeId,
                  quantity: a.quantity,
                })
              : await send(t, 'POST', `/api/work-orders/${orders[a.order]}/parts/${line.id}/${a.act}`, {
                  quantity: a.quantity,
                });
          expect(res.statusCode, res.body).toBe(isRefusal(outcome) ? 409 : a.act === 'reserve' ? 201 : 200);
          if (isRefusal(outcome)) continue;
          if (a.act === 'reserve') line.id = res.json().id;
          stock = outcome.stock;
          Object.assign(line, outcome.line);
        }
        const held = await stockOf(part);
        expect(held).toEqual({
          onHand: stock.onHand / 1000,
          reserved: stock.reserved / 1000,
          ledger: stock.onHand / 1000,
        });
        expect(held.onHand).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 8 },
    );
  });
});
