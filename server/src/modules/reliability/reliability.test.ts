import {
  downtimePeriod,
  failureCodeTables,
  failureReport,
  reliabilityGroups,
  valveFailure,
  valveReliability,
} from '@common/schemas/reliability';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valves, workOrderFailures, workOrders } from '../../db/schema';
import { createTestApp, type Persona, type TestContext } from '../../testing/test-app';
import { placeInTree } from '../plants';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 20 });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = async (persona: Persona, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: await t.cookie(persona) } });

/** A valve of a maker of its own (so filters find only the test's), in service since 2020. */
async function aValve(tag: string, plant = 'Power Plant A') {
  const place = { plant, area: 'Unit 1', location: 'Feedwater heater', system: 'Feedwater' };
  await placeInTree(t.db, 1, [place]);
  const [row] = await t.db
    .insert(valves)
    .values({
      organizationId: 1,
      valveId: tag,
      type: 'Globe Valve',
      size: '4"',
      pressure: 'Class 300',
      ...place,
      manufacturer: 'Testco',
      model: 'TC-1',
      createdAt: new Date('2020-01-01T00:00:00Z'),
    })
    .returning({ id: valves.id });
  return row.id;
}

/** A work order on the valve, started, ready to complete. */
async function startedOrder(valveId: number, title = 'Seat leaking') {
  const made = await as('supervisor', 'POST', '/api/work-orders', { valveId, title, priority: 'low' });
  expect(made.statusCode, made.body).toBe(201);
  const started = await as('technician', 'POST', `/api/work-orders/${made.json().id}/status`, {
    version: made.json().version,
    status: 'in_progress',
  });
  expect(started.statusCode, started.body).toBe(200);
  return { id: made.json().id as number, version: started.json().version as number };
}

const complete = (order: { id: number; version: number }, extra: object, persona: Persona = 'technician') =>
  as(persona, 'POST', `/api/work-orders/${order.id}/status`, {
    version: order.version,
    status: 'completed',
    findings: 'Seat worn',
    actionsPerformed: 'Lapped the seat',
    ...extra,
  });

const period = (startedAt: string, endedAt: string, reason = 'Isolated for repair') => ({ startedAt, endedAt, reason });

describe('failure codes', () => {
  it('lists ISO 14224 valve codes and takes an organization’s own beside them, never a standard one twice', async () => {
    const tables = failureCodeTables.strict().parse((await t.get('/api/failure-codes', 'technician')).json());
    const modes = tables.modes.map((m) => m.code);
    for (const code of ['ELP', 'INL', 'LCP', 'FTO', 'FTC', 'DOP', 'SPO', 'PLU', 'STD', 'OTH']) {
      expect(modes).toContain(code);
    }
    expect(tables.mechanisms.find((m) => m.code === '2.3')).toMatchObject({ label: 'Erosion', standard: true });
    expect(tables.causes.find((m) => m.code === '3.4')?.label).toBe('Expected wear and tear');
    expect(tables.remedies.find((m) => m.code === '1')?.label).toBe('Replace');
    expect(tables.detectionMethods.find((m) => m.code === '2')?.label).toBe('Functional testing');

    const own = { kind: 'mechanism', code: 'X-CAT', label: 'Catalyst fines erosion' };
    const added = await as('engineer', 'POST', '/api/failure-codes', own);
    expect(added.statusCode, added.body).toBe(201);
    const after = failureCodeTables.parse((await t.get('/api/failure-codes')).json());
    expect(after.mechanisms.at(-1)).toEqual({ code: 'X-CAT', label: own.label, description: '', standard: false });
    // Not the other organization's.
    const theirs = failureCodeTables.parse((await t.get('/api/failure-codes', 'otherOrganization')).json());
    expect(theirs.mechanisms.some((m) => m.code === 'X-CAT')).toBe(false);

    const again = await as('engineer', 'POST', '/api/failure-codes', { ...own, code: 'x-cat' });
    expect(again.statusCode).toBe(409);
    const standard = await as('engineer', 'POST', '/api/failure-codes', { kind: 'mode', code: 'inl', label: 'Mine' });
    expect(standard.statusCode).toBe(409);
    expect(standard.json().message).toBe('The failure mode code inl is a standard ISO 14224 code.');
    expect((await as('technician', 'POST', '/api/failure-codes', own)).statusCode).toBe(403);
    for (const bad of [
      { ...own, kind: 'symptom' },
      { ...own, code: '' },
      { ...own, code: 'has space' },
      { ...own, code: 'X'.repeat(13) },
      { ...own, label: '' },
      { kind: 'mode' },
    ]) {
      const res = await as('engineer', 'POST', '/api/failure-codes', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('a failure and its downtime on a work order', () => {
  it('completes a corrective order with its failure report and downtime, codes in any case, labels in words', async () => {
    const valveId = await aValve('T-REL-1');
    const order = await startedOrder(valveId);
    const res = await complete(order, {
      failure: {
        mode: 'inl',
        mechanism: '2.4',
        cause: '3.4',
        remedy: '2',
        detectedBy: '7',
        failedAt: '2026-03-10T08:00:00Z',
      },
      downtime: [period('2026-03-10T08:00:00Z', '2026-03-11T08:00:00Z')],
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = failureReport.strict().parse((await t.get(`/api/work-orders/${order.id}/failure`)).json());
    expect(report).toMatchObject({
      workOrderId: order.id,
      valveId,
      mode: 'INL',
      failedAt: '2026-03-10T08:00:00.000Z',
      labels: {
        mode: 'Internal leakage',
        mechanism: 'Wear',
        cause: 'Expected wear and tear',
        remedy: 'Repair',
        detectedBy: 'Casual observation',
      },
      recordedBy: { name: expect.any(String) },
    });
    const down = (await t.get(`/api/work-orders/${order.id}/downtime`)).json();
    expect(down.map((p: unknown) => downtimePeriod.strict().parse(p))).toMatchObject([
      { hours: 24, reason: 'Isolated for repair', valveId },
    ]);
  });

  it('keeps nothing of a completion whose code is unknown, naming the field', async () => {
    const order = await startedOrder(await aValve('T-REL-2'));
    const res = await complete(order, {
      failure: { mode: 'NOPE', cause: '9.9' },
      downtime: period('2026-02-01T00:00:00Z', '2026-02-01T05:00:00Z'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'failure.mode', message: 'is not a failure mode code (GET /api/failure-codes lists them)' },
      { path: 'failure.cause', message: 'is not a failure cause code (GET /api/failure-codes lists them)' },
    ]);
    const [row] = await t.db.select().from(workOrders).where(eq(workOrders.id, order.id));
    expect(row.status).toBe('in_progress');
    expect(await t.db.select().from(workOrderFailures).where(eq(workOrderFailures.workOrderId, order.id))).toEqual([]);
    expect((await t.get(`/api/work-orders/${order.id}/downtime`)).json()).toEqual([]);
  });

  it('refuses bad downtime: end before start, in the future, overlapping, and failure before completion', async () => {
    const order = await startedOrder(await aValve('T-REL-3'));
    const url = `/api/work-orders/${order.id}/downtime`;
    const cases: [object, number, string][] = [
      [period('2026-03-02T00:00:00Z', '2026-03-01T00:00:00Z'), 400, 'endedAt'],
      [period('2026-03-01T00:00:00Z', '2026-03-01T00:00:00Z'), 400, 'endedAt'],
      [period('2026-03-01T00:00:00Z', '2099-01-01T00:00:00Z'), 400, 'endedAt'],
      [period('2024-01-01T00:00:00Z', '2026-01-01T00:00:00Z'), 400, 'endedAt'],
      [{ startedAt: '2026-03-01', endedAt: '2026-03-02T00:00:00Z', reason: 'x' }, 400, 'startedAt'],
      [{ ...period('2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z'), reason: '' }, 400, 'reason'],
    ];
    for (const [body, status, path] of cases) {
      const res = await as('technician', 'POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().issues?.[0]?.path).toBe(path);
    }
    const first = await as('technician', 'POST', url, period('2026-03-01T00:00:00Z', '2026-03-01T10:00:00Z'));
    expect(first.statusCode, first.body).toBe(201);
    const overlap = await as('technician', 'POST', url, period('2026-03-01T09:00:00Z', '2026-03-01T12:00:00Z'));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe(
      'This downtime overlaps the downtime from 2026-02-28 18:00 CST to 2026-03-01 04:00 CST on this work order.',
    );
    // Touching end to start is not an overlap.
    const next = await as('technician', 'POST', url, period('2026-03-01T10:00:00Z', '2026-03-01T12:00:00Z'));
    expect(next.statusCode, next.body).toBe(201);
    // Two given together that overlap each other.
    const both = await complete(order, {
      downtime: [
        period('2026-04-01T00:00:00Z', '2026-04-01T05:00:00Z'),
        period('2026-04-01T04:00:00Z', '2026-04-01T06:00:00Z'),
      ],
    });
    expect(both.statusCode).toBe(409);
    expect(both.json().issues[0].path).toBe('downtime.1.startedAt');
    const early = await as('technician', 'POST', `/api/work-orders/${order.id}/status`, {
      version: order.version,
      status: 'pending',
      failure: { mode: 'INL' },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().issues[0]).toEqual({
      path: 'failure',
      message: 'is recorded when the work order is completed',
    });

    const removed = await as('technician', 'DELETE', `${url}/${next.json().id}`);
    expect(removed.statusCode).toBe(204);
    expect((await as('technician', 'DELETE', `${url}/${next.json().id}`)).statusCode).toBe(404);
    expect((await t.get(url)).json()).toHaveLength(1);
  });

  it('holds the edges of a period: 366 days and the device clock’s minute of leeway', async () => {
    const order = await startedOrder(await aValve('T-REL-EDGE'));
    const url = `/api/work-orders/${order.id}/downtime`;
    const iso = (ms: number) => new Date(ms).toISOString();
    // MAX_DOWNTIME_DAYS (366): a period of exactly that long is taken, a minute longer is not.
    const start = Date.parse('2024-01-01T00:00:00Z');
    const longest = start + 366 * 86_400_000;
    const tooLong = await as('technician', 'POST', url, period(iso(start), iso(longest + 60_000)));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().issues[0]).toEqual({ path: 'endedAt', message: 'must be within 366 days of startedAt' });
    expect((await as('technician', 'POST', url, period(iso(start), iso(longest)))).statusCode).toBe(201);
    // A phone's clock a few seconds ahead is no future; two minutes ahead is (fields.ts CLOCK_LEEWAY_MS).
    const now = Date.now();
    const ahead = await as('technician', 'POST', url, period(iso(now - 3_600_000), iso(now + 30_000)));
    expect(ahead.statusCode, ahead.body).toBe(201);
    const future = await as('technician', 'POST', url, period(iso(now + 60_000), iso(now + 120_000)));
    expect(future.statusCode).toBe(400);
    expect(future.json().issues.map((i: { path: string }) => i.path)).toContain('endedAt');
  });

  it('lets an engineer recode a completed order’s failure, not an open one’s, and keeps the change in its history', async () => {
    const order = await startedOrder(await aValve('T-REL-4'));
    const url = `/api/work-orders/${order.id}/failure`;
    expect((await t.get(url)).json()).toBeNull();
    const open = await as('engineer', 'PUT', url, { mode: 'LCP' });
    expect(open.statusCode).toBe(409);
    expect((await complete(order, { maintenanceType: 'corrective' })).statusCode).toBe(200);
    expect((await as('technician', 'PUT', url, { mode: 'LCP' })).statusCode).toBe(403);
    expect((await as('engineer', 'PUT', url, { mode: 'ZZZ' })).json().issues[0].path).toBe('mode');
    const coded = await as('engineer', 'PUT', url, { mode: 'LCP', mechanism: '2.3', failedAt: '2026-05-05T05:00:00Z' });
    expect(coded.statusCode, coded.body).toBe(200);
    expect(coded.json()).toMatchObject({
      mode: 'LCP',
      mechanism: '2.3',
      labels: { mode: 'Leakage in closed position' },
    });
    const history = (await t.get(`/api/history/work-orders/${order.id}`)).json();
    expect(JSON.stringify(history)).toContain('Failure report');
  });

  it('keeps a plant-limited user out of another plant’s failures and downtime', async () => {
    const order = await startedOrder(await aValve('T-REL-5', 'Gas Plant B'));
    for (const [method, url, body] of [
      ['GET', `/api/work-orders/${order.id}/failure`, undefined],
      ['GET', `/api/work-orders/${order.id}/downtime`, undefined],
      ['POST', `/api/work-orders/${order.id}/downtime`, period('2026-03-01T00:00:00Z', '2026-03-01T01:00:00Z')],
    ] as const) {
      expect((await as('limited', method, url, body)).statusCode, url).toBe(404);
    }
    const rows = (await as('limited', 'GET', '/api/reliability/valves?manufacturer=Testco')).json();
    expect(rows.every((r: { valve: { plant: string } }) => r.valve.plant === 'Power Plant A')).toBe(true);
  });
});

describe('reliability figures from a constructed history', () => {
  // Window: the first half of 2026, 181 days (4,344 hours). Valve X fails three times; valve Y never.
  const query = 'manufacturer=testco&model=TC-2&from=2026-01-01&to=2026-06-30';
  let x = 0;
  let y = 0;
  beforeAll(async () => {
    x = await aValve('T-X');
    y = await aValve('T-Y', 'Chemical Plant C');
    await t.db.update(valves).set({ model: 'TC-2' }).where(eq(valves.id, x));
    await t.db.update(valves).set({ model: 'TC-2' }).where(eq(valves.id, y));
    const failures = [
      ['INL', '2026-03-10T08:00:00Z', '2026-03-11T08:00:00Z'],
      ['INL', '2026-05-01T00:00:00Z', '2026-05-01T12:00:00Z'],
      ['ELP', '2026-06-20T06:00:00Z', '2026-06-20T12:00:00Z'],
    ];
    for (const [i, [mode, failedAt, returned]] of failures.entries()) {
      const order = await startedOrder(x, `Failure ${i + 1}`);
      const done = await complete(order, { failure: { mode, failedAt }, downtime: period(failedAt, returned) });
      expect(done.statusCode, done.body).toBe(200);
      if (i === 0) {
        const invoice = { supplier: 'Gulf Valve Services', invoiceNumber: 'INV-X1', amount: 1000 };
        const res = await as('supervisor', 'POST', `/api/work-orders/${order.id}/contractor-costs`, invoice);
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    // An inspection on the second outage: its downtime overlaps, counted once; it is no failure.
    const inspection = await startedOrder(x, 'Inspect while isolated');
    const done = await complete(inspection, {
      maintenanceType: 'inspection',
      downtime: period('2026-05-01T06:00:00Z', '2026-05-01T18:00:00Z'),
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('gives each valve its failures, MTBF, MTTR, downtime and cost; none for the valve that never failed', async () => {
    const res = await t.get(`/api/reliability/valves?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().map((r: unknown) => valveReliability.strict().parse(r));
    expect(rows.map((r: { valveId: number }) => r.valveId)).toEqual([x, y]);
    // 24 + 18 (12 and 12 overlapping by 6) + 6 hours down; (24 + 12 + 6) / 3 hours to restore.
    expect(rows[0]).toMatchObject({
      failures: 3,
      operatingHours: 4344 - 48,
      mtbfHours: 1432,
      mttrHours: 14,
      downtimeHours: 48,
      cost: 1000,
      currency: 'USD',
      lastFailureAt: '2026-06-20T06:00:00.000Z',
      topMode: 'INL',
      topModeLabel: 'Internal leakage',
      valve: { valveId: 'T-X', manufacturer: 'Testco', model: 'TC-2' },
    });
    expect(rows[1]).toMatchObject({ failures: 0, operatingHours: 4344, mtbfHours: null, mttrHours: null, cost: 0 });
  });

  it('ranks the bad actors and rolls the valves up by model and by plant', async () => {
    const bad = (await t.get(`/api/reliability/bad-actors?${query}&limit=5`)).json();
    expect(bad.map((r: { valve: { valveId: string } }) => r.valve.valveId)).toEqual(['T-X']);
    const byModel = reliabilityGroups
      .strict()
      .parse((await t.get(`/api/reliability/groups?${query}&groupBy=model`)).json());
    expect(byModel.rows).toEqual([
      {
        key: 'Testco TC-2',
        valves: 2,
        failures: 3,
        operatingHours: 4296 + 4344,
        mtbfHours: 2880,
        mttrHours: 14,
        downtimeHours: 48,
        failuresPerValveYear: Math.round((3 / (8640 / 8766)) * 100) / 100,
        cost: 1000,
        modes: [
          { code: 'INL', label: 'Internal leakage', count: 2 },
          { code: 'ELP', label: 'External leakage - process medium', count: 1 },
        ],
      },
    ]);
    const byPlant = (await t.get(`/api/reliability/groups?${query}&groupBy=plant`)).json();
    expect(byPlant.rows.map((r: { key: string; failures: number }) => [r.key, r.failures])).toEqual([
      ['Power Plant A', 3],
      ['Chemical Plant C', 0],
    ]);
  });

  it('lists the valve’s failures newest first with their repair hours, and exports the bad actors', async () => {
    const list = (await t.get(`/api/valves/${x}/failures`)).json().map((r: unknown) => valveFailure.strict().parse(r));
    expect(list.map((f: { mode: string; repairHours: number | null }) => [f.mode, f.repairHours])).toEqual([
      ['ELP', 6],
      ['INL', 12],
      ['INL', 24],
    ]);
    expect(list[2]).toMatchObject({ downtimeHours: 24, cost: 1000, workOrder: { title: 'Failure 1' } });
    expect((await t.get(`/api/valves/${y}/failures`)).json()).toEqual([]);
    const csv = await t.get(`/api/exports/bad-actors?format=csv&${query}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Valve ID,Type,Plant');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('T-X,Globe Valve,Power Plant A');
  });

  it('refuses a bad period, filter or limit with a 400 on the field', async () => {
    for (const [url, path] of [
      ['/api/reliability/valves?from=2026-02-30', 'from'],
      ['/api/reliability/valves?from=2026-05-01&to=2026-04-01', 'to'],
      ['/api/reliability/bad-actors?limit=0', 'limit'],
      ['/api/reliability/bad-actors?limit=101', 'limit'],
      ['/api/reliability/groups?groupBy=color', 'groupBy'],
      ['/api/valves/abc/failures', 'id'],
    ]) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json()), url).toContain(path);
    }
  });
});
