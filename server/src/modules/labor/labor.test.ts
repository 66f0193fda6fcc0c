import { contractorCost, laborEntry, laborRate } from '@common/schemas/labor';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { users, valves, workOrders } from '../../db/schema';
import { createTestApp, PERSONAS, type Persona, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 20 });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST';
const as = async (persona: Persona, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: await t.cookie(persona) } });

const userId = async (persona: Persona) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.email, PERSONAS[persona])))[0].id;

/**
 * A work order of the first organization at Power Plant A (where the limited technician works) or, `elsewhere`, at
 * another plant.
 */
const aWorkOrder = async (where: 'Power Plant A' | 'elsewhere' = 'Power Plant A', organizationId = 1) =>
  (
    await t.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .innerJoin(valves, eq(valves.id, workOrders.valveId))
      .where(
        and(
          where === 'elsewhere' ? ne(valves.plant, 'Power Plant A') : eq(valves.plant, where),
          eq(workOrders.organizationId, organizationId),
        ),
      )
      .limit(1)
  )[0]?.id;

describe('labor on a work order', () => {
  // Days before the demo's own rates (from last year on), so only the rates a test adds price them.
  it('logs minutes on a day and costs them at the role rate in force that day, then at a raise only after it', async () => {
    const wo = await aWorkOrder();
    const rates = [
      { role: 'technician', hourlyRate: 60, effectiveFrom: '2019-01-01' },
      { role: 'technician', hourlyRate: 72.5, effectiveFrom: '2019-06-01' },
    ];
    for (const rate of rates) {
      const res = await as('admin', 'POST', '/api/labor-rates', rate);
      expect(res.statusCode, res.body).toBe(201);
      expect(laborRate.strict().parse(res.json())).toMatchObject({ ...rate, userId: null, currency: 'USD' });
    }
    const before = await as('technician', 'POST', `/api/work-orders/${wo}/labor`, {
      minutes: 90,
      workedOn: '2019-03-10',
      note: 'Repacked the stem',
    });
    expect(before.statusCode, before.body).toBe(201);
    expect(laborEntry.strict().parse(before.json())).toMatchObject({
      workOrderId: wo,
      userId: await userId('technician'),
      minutes: 90,
      workedOn: '2019-03-10',
      hourlyRate: 60,
      cost: 90,
      running: false,
      note: 'Repacked the stem',
    });
    const after = await as('technician', 'POST', `/api/work-orders/${wo}/labor`, {
      minutes: 30,
      workedOn: '2019-07-01',
    });
    expect(after.json()).toMatchObject({ hourlyRate: 72.5, cost: 36.25 });
    const list = await as('supervisor', 'GET', `/api/work-orders/${wo}/labor`);
    expect(list.statusCode).toBe(200);
    // Beside the demo's own hours on the order, oldest first.
    const ours = [before.json().id, after.json().id];
    const listed = (list.json() as { id: number; minutes: number }[]).filter((e) => ours.includes(e.id));
    expect(listed.map((e) => e.minutes)).toEqual([90, 30]);
  });

  it('prefers the person’s own rate to their role’s', async () => {
    const wo = await aWorkOrder();
    const technician = await userId('technician');
    await as('admin', 'POST', '/api/labor-rates', { userId: technician, hourlyRate: 95, effectiveFrom: '2019-09-01' });
    const res = await as('technician', 'POST', `/api/work-orders/${wo}/labor`, { minutes: 60, workedOn: '2019-10-01' });
    expect(res.json()).toMatchObject({ hourlyRate: 95, cost: 95 });
  });

  it('re-costs the work of a day on when a rate for it is entered late, and leaves earlier work as it was', async () => {
    const wo = await aWorkOrder();
    const engineer = await userId('engineer');
    const early = await as('engineer', 'POST', `/api/work-orders/${wo}/labor`, { minutes: 60, workedOn: '2018-02-01' });
    const late = await as('engineer', 'POST', `/api/work-orders/${wo}/labor`, { minutes: 60, workedOn: '2018-08-01' });
    expect(late.json()).toMatchObject({ hourlyRate: 0, cost: 0 });
    await as('admin', 'POST', '/api/labor-rates', { userId: engineer, hourlyRate: 110, effectiveFrom: '2018-07-15' });
    const list = (await as('engineer', 'GET', `/api/work-orders/${wo}/labor`)).json() as { id: number; cost: number }[];
    expect(list.find((e) => e.id === late.json().id)?.cost).toBe(110);
    expect(list.find((e) => e.id === early.json().id)?.cost).toBe(0);
  });

  it('logs a stretch from its clock times, on the day it began', async () => {
    const wo = await aWorkOrder();
    const res = await as('technician', 'POST', `/api/work-orders/${wo}/labor`, {
      startedAt: '2026-11-02T08:00:00Z',
      endedAt: '2026-11-02T10:45:00Z',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ minutes: 165, workedOn: '2026-11-02', startedAt: '2026-11-02T08:00:00.000Z' });
  });

  it('runs one timer per person: start, refuse a second, stop with the minutes since it started', async () => {
    const wo = await aWorkOrder();
    const other = await aWorkOrder('elsewhere');
    const started = await as('engineer', 'POST', `/api/work-orders/${wo}/labor/timer`, {});
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ running: true, minutes: 0, endedAt: null });
    const second = await as('engineer', 'POST', `/api/work-orders/${other}/labor/timer`, {});
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(`A timer is already running on work order ${wo}: stop it first.`);
    const wrongOrder = await as('engineer', 'POST', `/api/work-orders/${other}/labor/timer/stop`, {});
    expect(wrongOrder.statusCode).toBe(404);
    // Twelve minutes pass.
    await t.db.execute(
      sql`update labor_entries set started_at = now() - interval '12 minutes' where id = ${started.json().id}`,
    );
    const stopped = await as('engineer', 'POST', `/api/work-orders/${wo}/labor/timer/stop`, { note: 'Stroke test' });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ running: false, minutes: 12, note: 'Stroke test' });
    expect(stopped.json().endedAt).not.toBeNull();
    const again = await as('engineer', 'POST', `/api/work-orders/${other}/labor/timer`, {});
    expect(again.statusCode).toBe(201);
    await as('engineer', 'POST', `/api/work-orders/${other}/labor/timer/stop`, {});
  });

  it('times a timer pressed with no signal by when it was pressed: replayed later, the minutes are those worked', async () => {
    const wo = await aWorkOrder();
    const startedAt = new Date(Date.now() - 95 * 60_000).toISOString();
    const stoppedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const started = await as('supervisor', 'POST', `/api/work-orders/${wo}/labor/timer`, { at: startedAt });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ running: true, startedAt });
    const early = await as('supervisor', 'POST', `/api/work-orders/${wo}/labor/timer/stop`, {
      at: new Date(Date.now() - 100 * 60_000).toISOString(),
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().issues).toEqual([{ path: 'at', message: `must be after the timer started (${startedAt})` }]);
    const stopped = await as('supervisor', 'POST', `/api/work-orders/${wo}/labor/timer/stop`, { at: stoppedAt });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ running: false, minutes: 90, startedAt, endedAt: stoppedAt });
  });

  it.each([
    [{ at: 'now' }, 'must be an ISO 8601 date and time with its offset'],
    [{ at: '2099-01-01T08:00:00Z' }, 'must not be in the future'],
  ])('refuses the timer press %j: at %s', async (body, message) => {
    const res = await as('technician', 'POST', `/api/work-orders/${await aWorkOrder()}/labor/timer`, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues).toContainEqual({ path: 'at', message });
  });

  it('lets a supervisor log a technician’s hours, and refuses a technician logging someone else’s', async () => {
    const wo = await aWorkOrder();
    const technician = await userId('technician');
    const bySupervisor = await as('supervisor', 'POST', `/api/work-orders/${wo}/labor`, {
      userId: technician,
      minutes: 45,
    });
    expect(bySupervisor.statusCode, bySupervisor.body).toBe(201);
    expect(bySupervisor.json()).toMatchObject({ userId: technician, loggedBy: expect.any(String) });
    const byTechnician = await as('technician', 'POST', `/api/work-orders/${wo}/labor`, {
      userId: await userId('engineer'),
      minutes: 45,
    });
    expect(byTechnician.statusCode).toBe(403);
    const stranger = await as('supervisor', 'POST', `/api/work-orders/${wo}/labor`, {
      userId: await userId('otherOrganization'),
      minutes: 45,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().issues).toEqual([{ path: 'userId', message: 'is not a user of your organization' }]);
  });

  it('keeps a plant-limited technician to the work orders of their plants', async () => {
    const elsewhere = await aWorkOrder('elsewhere');
    expect((await as('limited', 'POST', `/api/work-orders/${elsewhere}/labor`, { minutes: 10 })).statusCode).toBe(404);
    expect((await as('limited', 'GET', `/api/work-orders/${elsewhere}/labor`)).statusCode).toBe(404);
    expect(
      (await as('limited', 'POST', `/api/work-orders/${await aWorkOrder()}/labor`, { minutes: 10 })).statusCode,
    ).toBe(201);
    const otherOrganization = await aWorkOrder('elsewhere', 2);
    expect(otherOrganization).toBeDefined();
    expect((await as('technician', 'GET', `/api/work-orders/${otherOrganization}/labor`)).statusCode).toBe(404);
  });

  it.each([
    [{}, 'minutes', 'is required (or startedAt and endedAt)'],
    [{ minutes: 0 }, 'minutes', 'must be more than 0'],
    [{ minutes: 1.5 }, 'minutes', 'must be whole minutes'],
    [{ minutes: 1441 }, 'minutes', 'must be at most 1440 (24 hours)'],
    [{ minutes: 'ten' }, 'minutes', 'must be a number of minutes'],
    [
      { minutes: 10, startedAt: '2026-11-01T08:00:00Z', endedAt: '2026-11-01T09:00:00Z' },
      'minutes',
      'give minutes or startedAt and endedAt, not both',
    ],
    [{ startedAt: '2026-11-01T08:00:00Z' }, 'endedAt', 'is required with startedAt'],
    [{ startedAt: '2026-11-01T09:00:00Z', endedAt: '2026-11-01T08:00:00Z' }, 'endedAt', 'must be after startedAt'],
    [
      { startedAt: '2026-11-01T08:00:00Z', endedAt: '2026-11-02T09:00:00Z' },
      'endedAt',
      'must be at most 24 hours after startedAt',
    ],
    [{ startedAt: '2099-11-01T08:00:00Z', endedAt: '2099-11-01T09:00:00Z' }, 'endedAt', 'must not be in the future'],
    [
      { startedAt: 'yesterday', endedAt: '2026-11-01T09:00:00Z' },
      'startedAt',
      'must be an ISO 8601 date and time with its offset',
    ],
    [{ minutes: 10, workedOn: '2026-13-01' }, 'workedOn', 'must be a date (YYYY-MM-DD)'],
    [{ minutes: 10, userId: 'me' }, 'userId', 'must be a user id'],
  ])('refuses the labor %j: %s %s', async (body, path, message) => {
    const res = await as('technician', 'POST', `/api/work-orders/${await aWorkOrder()}/labor`, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it('answers 404 for a work order that does not exist, and 400 for an id that cannot be one', async () => {
    expect((await as('technician', 'POST', '/api/work-orders/999999/labor', { minutes: 5 })).statusCode).toBe(404);
    expect((await as('technician', 'GET', '/api/work-orders/abc/labor')).statusCode).toBe(400);
    expect((await as('technician', 'POST', '/api/work-orders/999999/labor/timer', {})).statusCode).toBe(404);
  });
});

describe('labor rates', () => {
  it('are for supervisors and admins', async () => {
    expect((await as('technician', 'GET', '/api/labor-rates')).statusCode).toBe(403);
    expect(
      (
        await as('engineer', 'POST', '/api/labor-rates', {
          role: 'engineer',
          hourlyRate: 90,
          effectiveFrom: '2026-01-01',
        })
      ).statusCode,
    ).toBe(403);
    const list = await as('supervisor', 'GET', '/api/labor-rates');
    expect(list.statusCode).toBe(200);
    expect(list.json().length).toBeGreaterThan(0);
  });

  it.each([
    [{ hourlyRate: 50, effectiveFrom: '2026-01-01' }, 'userId', 'give a userId or a role, one of them'],
    [
      { role: 'technician', userId: 1, hourlyRate: 50, effectiveFrom: '2026-01-01' },
      'userId',
      'give a userId or a role, one of them',
    ],
    [
      { role: 'welder', hourlyRate: 50, effectiveFrom: '2026-01-01' },
      'role',
      'must be one of: technician, supervisor, engineer, admin',
    ],
    [{ role: 'technician', hourlyRate: -1, effectiveFrom: '2026-01-01' }, 'hourlyRate', 'must not be negative'],
    [
      { role: 'technician', hourlyRate: 50.555, effectiveFrom: '2026-01-01' },
      'hourlyRate',
      'must have at most 2 decimals',
    ],
    [{ role: 'technician', hourlyRate: 50 }, 'effectiveFrom', 'must be a date (YYYY-MM-DD)'],
  ])('refuses the rate %j: %s %s', async (body, path, message) => {
    const res = await as('admin', 'POST', '/api/labor-rates', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it('refuses a person of another organization', async () => {
    const res = await as('admin', 'POST', '/api/labor-rates', {
      userId: await userId('otherOrganization'),
      hourlyRate: 50,
      effectiveFrom: '2026-01-01',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('contractor costs', () => {
  it('adds an invoice to a work order, for supervisors, and lists it', async () => {
    const wo = await aWorkOrder();
    const body = { supplier: 'Gulf Valve Services', invoiceNumber: 'INV-20931', amount: 1840.5, note: 'Lapping' };
    expect((await as('technician', 'POST', `/api/work-orders/${wo}/contractor-costs`, body)).statusCode).toBe(403);
    const res = await as('supervisor', 'POST', `/api/work-orders/${wo}/contractor-costs`, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(contractorCost.strict().parse(res.json())).toMatchObject({ ...body, workOrderId: wo, currency: 'USD' });
    const list = await as('technician', 'GET', `/api/work-orders/${wo}/contractor-costs`);
    expect(list.json()).toHaveLength(1);
    const audit = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where table_name = 'contractor_costs' and row_id = ${String(res.json().id)}`,
    );
    expect(audit[0].n).toBe(1);
  });

  it.each([
    [{ invoiceNumber: 'A', amount: 1 }, 'supplier', 'is required'],
    [{ supplier: 'X', amount: 1 }, 'invoiceNumber', 'is required'],
    [{ supplier: 'X', invoiceNumber: 'A', amount: -5 }, 'amount', 'must not be negative'],
    [{ supplier: 'X', invoiceNumber: 'A', amount: '12' }, 'amount', 'must be a number'],
  ])('refuses the invoice %j: %s %s', async (body, path, message) => {
    const res = await as('supervisor', 'POST', `/api/work-orders/${await aWorkOrder()}/contractor-costs`, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
  });
});
