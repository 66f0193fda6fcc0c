import { DEMO_PLANTS } from '@common/constants';
import { costReport } from '@common/schemas/costs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows';
import { send } from '../testing/send';
import { createTestApp, TEST_NOW, type TestContext } from '../testing/test-app';
import { DEFAULT_DEMO_VALVES } from './generate';

/** The demo a newcomer opens (the default size and seed), at the tests' clock. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: DEFAULT_DEMO_VALVES, pastYears: true });
});
afterAll(() => t.close());

/** The twelve calendar months up to the clock's, oldest first: what the cost chart shows. */
const lastTwelveMonths = Array.from({ length: 12 }, (_, i) => {
  const month = new Date(Date.UTC(TEST_NOW.getUTCFullYear(), TEST_NOW.getUTCMonth() - 11 + i, 1));
  return month.toISOString().slice(0, 7);
});

describe('the demo’s past two years', () => {
  it('completes work orders in each of the last twelve months, with parts issued and hours logged in each', async () => {
    const months = await rowsOf<{ month: string; orders: number; issues: number; minutes: number }>(
      t.db,
      sql`with done as (select id, to_char(completed_at at time zone 'UTC', 'YYYY-MM') as month from work_orders
          where organization_id = 1 and status = 'completed')
        select d.month, count(distinct d.id)::int as orders,
          (select count(*)::int from part_movements m join done o on o.id = m.work_order_id
            where o.month = d.month and m.kind = 'issue') as issues,
          (select coalesce(sum(e.minutes), 0)::int from labor_entries e
            where e.organization_id = 1 and to_char(e.worked_on, 'YYYY-MM') = d.month) as minutes
        from done d group by d.month`,
    );
    for (const month of lastTwelveMonths) {
      const row = months.find((m) => m.month === month);
      expect(row, month).toBeDefined();
      expect(row?.orders, month).toBeGreaterThanOrEqual(10);
      expect(row?.orders, month).toBeLessThanOrEqual(60);
      expect(row?.issues, month).toBeGreaterThan(0);
      expect(row?.minutes, month).toBeGreaterThan(0);
    }
    // Older work was reviewed and closed; every hour is priced at a rate of its day (none before the first rate).
    const [{ open, unpriced }] = await rowsOf<{ open: number; unpriced: number }>(
      t.db,
      sql`select (select count(*)::int from work_orders where organization_id = 1 and status = 'completed'
          and completed_at < ${new Date(TEST_NOW.getTime() - 45 * 86_400_000).toISOString()}::timestamptz
          and closed_at is null) as open,
        (select count(*)::int from labor_entries where organization_id = 1 and hourly_rate <= 0) as unpriced`,
    );
    expect({ open, unpriced }).toEqual({ open: 0, unpriced: 0 });
  });

  it('shows twelve months of cost in the cost report by plant', async () => {
    const to = TEST_NOW.toISOString().slice(0, 10);
    const res = await t.get(`/api/reports/costs?groupBy=plant&from=${lastTwelveMonths[0]}-01&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = costReport.parse(res.json());
    expect(report.byMonth.map((m) => m.month)).toEqual(lastTwelveMonths);
    for (const month of report.byMonth) {
      expect(month.labor, month.month).toBeGreaterThan(0);
      expect(month.parts, month.month).toBeGreaterThan(0);
    }
    expect(new Set(report.rows.map((row) => row.key))).toEqual(new Set(DEMO_PLANTS));
  });

  it('keeps every stock row the sum of its movements, never below zero on any day', async () => {
    const wrong = await rowsOf(
      t.db,
      sql`select s.id from part_stock s where s.organization_id = 1 and s.on_hand <> (select coalesce(sum(quantity), 0)
        from part_movements m where m.part_id = s.part_id and m.store_id = s.store_id
          and m.kind in ('receipt', 'adjustment', 'issue', 'return'))`,
    );
    expect(wrong).toEqual([]);
    const negative = await rowsOf(
      t.db,
      sql`select part_id, store_id, at from (select part_id, store_id, at,
          sum(quantity) over (partition by part_id, store_id order by at, id) as on_hand
        from part_movements where organization_id = 1 and kind in ('receipt', 'adjustment', 'issue', 'return')) m
        where on_hand < 0`,
    );
    expect(negative).toEqual([]);
  });

  it('numbers work orders per year in the order raised, and a new one continues the year’s sequence', async () => {
    const years = await rowsOf<{ year: number; numbers: string[]; last: number }>(
      t.db,
      sql`select extract(year from w.created_at at time zone 'UTC')::int as year,
          array_agg(w.work_order_id order by w.created_at, w.id) as numbers, s.last
        from work_orders w join work_order_sequences s on s.organization_id = w.organization_id
          and s.year = extract(year from w.created_at at time zone 'UTC')
        where w.organization_id = 1 group by 1, s.last`,
    );
    const clockYear = TEST_NOW.getUTCFullYear();
    expect(years.map((y) => y.year).sort()).toEqual([clockYear - 2, clockYear - 1, clockYear]);
    for (const { year, numbers, last } of years) {
      expect(numbers).toEqual(numbers.map((_, i) => `WO-${year}-${String(i + 1).padStart(4, '0')}`));
      expect(last).toBe(numbers.length);
    }
    const year = new Date().getUTCFullYear();
    const before = years.find((y) => y.year === year)?.last ?? 0;
    const raised = await send(t, 'POST', '/api/work-orders', { valveId: 1, title: 'Repack stem gland' });
    expect(raised.statusCode, raised.body).toBe(201);
    expect(raised.json().workOrderId).toBe(`WO-${year}-${String(before + 1).padStart(4, '0')}`);
  });
});

describe('the demo’s failures over two years', () => {
  it('codes failures in each of the two years, and its bad actors are real: Series 44 fails most often per valve-year', async () => {
    const years = await rowsOf<{ ago: number; failures: number }>(
      t.db,
      // The oldest jobs were raised up to weeks before the day they were done: their failures count in the second year.
      sql`select least(1, floor(extract(epoch from (${TEST_NOW.toISOString()}::timestamptz - failed_at)) / (365 * 86400)))::int as ago,
          count(*)::int as failures
        from work_order_failures where organization_id = 1 group by 1 order by 1`,
    );
    expect(years.map((y) => y.ago)).toEqual([0, 1]);
    for (const { failures } of years) expect(failures).toBeGreaterThan(50);
    const from = new Date(TEST_NOW.getTime() - 730 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.get(
      `/api/reliability/groups?groupBy=model&from=${from}&to=${TEST_NOW.toISOString().slice(0, 10)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const models = (res.json().rows as { key: string; valves: number; failuresPerValveYear: number }[]).filter(
      (row) => row.valves >= 2,
    );
    const worst = [...models].sort((a, b) => b.failuresPerValveYear - a.failuresPerValveYear)[0];
    expect(worst.key).toMatch(/Series 44$/);
    // Against the plant's typical model (the median of the others), not its noisiest: a model on three valves can
    // have a bad two years by chance.
    const others = models
      .filter((row) => row !== worst)
      .map((row) => row.failuresPerValveYear)
      .sort((a, b) => a - b);
    expect(worst.failuresPerValveYear).toBeGreaterThan(1.6 * others[Math.floor(others.length / 2)]);
  });
});
