import { writeFileSync } from 'node:fs';
import { DEMO_PLANT_TIME_ZONES } from '@common/constants';
import { plantDay } from '@common/plant-days';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenancePlanOccurrences, maintenancePlans, valves, workOrders } from '../../db/schema';
import { pdfText } from '../../testing/pdf-text';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

let t: TestContext;
let completedId: number;
let openId: number;
beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  const [done] = await t.db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(and(eq(workOrders.organizationId, 1), isNotNull(workOrders.completedAt)))
    .limit(1);
  const [open] = await t.db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(and(eq(workOrders.organizationId, 1), eq(workOrders.status, 'pending')))
    .limit(1);
  completedId = done.id;
  openId = open.id;
});
afterAll(() => t.close());

const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('reports', () => {
  it('lists the parts issued, the hours and what the work order cost (issue 33)', async () => {
    const plant = (await t.get('/api/plants')).json()[0] as { id: number };
    const store = (await send(t, 'POST', '/api/stores', { name: 'Report crib', plantId: plant.id })).json();
    const part = (
      await send(t, 'POST', '/api/parts', {
        partNumber: 'RPT-GK-4',
        name: 'Bonnet gasket, 4 in',
        unit: 'each',
        unitCost: 42,
      })
    ).json();
    await send(t, 'POST', `/api/parts/${part.id}/receipts`, { storeId: store.id, quantity: 2 });
    // The ledger is written on an open order (not the one the next test needs open), which is then completed.
    const [order] = await t.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(and(eq(workOrders.organizationId, 1), eq(workOrders.status, 'pending'), ne(workOrders.id, openId)))
      .limit(1);
    const orderId = order.id;
    const line = (
      await send(t, 'POST', `/api/work-orders/${orderId}/parts`, { partId: part.id, storeId: store.id, quantity: 2 })
    ).json();
    await send(t, 'POST', `/api/work-orders/${orderId}/parts/${line.id}/issue`, { quantity: 2 });
    await send(
      t,
      'POST',
      '/api/labor-rates',
      // The supervisor's own rate from today (it outranks the demo's rate for supervisors).
      {
        userId: (await t.get('/api/auth/session')).json().user.id,
        hourlyRate: 90,
        effectiveFrom: new Date().toISOString().slice(0, 10),
      },
      { as: 'admin' },
    );
    await send(t, 'POST', `/api/work-orders/${orderId}/labor`, { minutes: 80 });
    await send(t, 'POST', `/api/work-orders/${orderId}/contractor-costs`, {
      supplier: 'Bay Machining',
      invoiceNumber: 'BM-118',
      amount: 310,
    });
    const started = await send(t, 'POST', `/api/work-orders/${orderId}/status`, {
      status: 'in_progress',
      version: (await t.get(`/api/work-orders/${orderId}`)).json().version,
    });
    expect(started.statusCode, started.body).toBe(200);
    const failedAt = new Date(Date.now() - 6 * 3_600_000);
    const done = await send(t, 'POST', `/api/work-orders/${orderId}/status`, {
      status: 'completed',
      version: started.json().version,
      findings: 'Gasket weeping',
      actionsPerformed: 'Replaced the bonnet gasket',
      failure: {
        mode: 'ELP',
        mechanism: '2.4',
        remedy: '1',
        failedAt: failedAt.toISOString(),
      },
      downtime: {
        startedAt: new Date(Date.now() - 5 * 3_600_000).toISOString(),
        endedAt: new Date(Date.now() - 2.5 * 3_600_000).toISOString(),
        reason: 'Line isolated for the gasket',
      },
    });
    expect(done.statusCode, done.body).toBe(200);
    const res = await t.get(`/api/work-orders/${orderId}/report.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    writeFileSync('/tmp/valveops-ledger-report.pdf', res.rawPayload);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Parts, hours and cost');
    expect(text).toContain('RPT-GK-4 Bonnet gasket, 4 in');
    expect(text).toContain('BM-118');
    expect(text).toContain('1 h 20 min');
    // 2 × $42 + 80 min at $90/h + $310.
    expect(text).toMatch(/Total\n\$514\.00/);
    // The failure report and the downtime (issue 34), codes with their ISO 14224 labels.
    expect(text).toContain('Failure and downtime');
    expect(text).toMatch(/Failure mode\nELP · External leakage - process medium/);
    expect(text).toMatch(/Mechanism\n2\.4 · Wear/);
    expect(text).toMatch(/Cause\nNot recorded/);
    expect(text).toContain('Line isolated for the gasket');
    expect(text).toContain('Downtime in all: 2.5 h');
    // The month's report counts it under its plant, and the year's bad actors are listed.
    // The month it failed in (six hours ago is last month in the first hours of one).
    const month = pdfText(
      (await t.get(`/api/reports/monthly.pdf?month=${failedAt.toISOString().slice(0, 7)}`)).rawPayload,
    );
    expect(month).toContain('Failures');
    expect(month).toMatch(/Most seen mode/);
    expect(month).toContain('Bad actors of the last twelve months');
  });

  it('prints a completed work order as a PDF; an open one is 409, another organization 404', async () => {
    const res = await t.get(`/api/work-orders/${completedId}/report.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(res.rawPayload)).toBeGreaterThanOrEqual(1);
    // Times on the plant's clock with its zone named, never UTC; the review's stage printed (issue 29).
    const text = pdfText(res.rawPayload);
    expect(text).toMatch(/Completed\n\d{4}-\d{2}-\d{2} \d{2}:\d{2} (CST|CDT|EST|EDT)/);
    expect(text).not.toContain('UTC');
    expect(text).toMatch(/Status\n(Awaiting approval|Approved|Closed)/);
    const open = await t.get(`/api/work-orders/${openId}/report.pdf`);
    expect(open.json().message).toBe('Only a completed work order has a report: complete it first.');
    expect((await t.get(`/api/work-orders/${completedId}/report.pdf`, 'otherOrganization')).statusCode).toBe(404);
    expect((await t.get('/api/work-orders/x/report.pdf')).statusCode).toBe(400);
  });

  it('prints the monthly plant report with its plans and relief valve tests; a bad or future month is 400', async () => {
    const res = await t.get('/api/reports/monthly.pdf?month=2026-10');
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    // REPORT_OUT=file.pdf keeps the report to render and look at (pdftoppm).
    if (process.env.REPORT_OUT) writeFileSync(process.env.REPORT_OUT, res.rawPayload);
    if (process.env.REPORT_OUT)
      writeFileSync(`${process.env.REPORT_OUT}.now.pdf`, (await t.get('/api/reports/monthly.pdf')).rawPayload);
    expect(text).toContain('Overdue at month end');
    expect(text).toContain('Preventive plans');
    expect(text).toContain('Relief valve tests');
    const quiet = pdfText((await t.get('/api/reports/monthly.pdf?month=2020-01')).rawPayload);
    expect(quiet).toContain('No failure was recorded in this month.');
    expect(quiet).not.toContain('Bad actors of the last twelve months');
    expect((await t.get('/api/reports/monthly.pdf?month=2026-13')).json().message).toBe(
      'Invalid query: month must be a month (YYYY-MM)',
    );
    // Without a month: the month under way, counted to now, so nothing is "at month end" yet.
    const now = new Date();
    const current = await t.get('/api/reports/monthly.pdf');
    expect(current.statusCode).toBe(200);
    expect(current.headers['content-disposition']).toContain(`plant-report-${now.toISOString().slice(0, 7)}.pdf`);
    const currentText = pdfText(current.rawPayload);
    expect(currentText).toContain('Overdue now');
    expect(currentText).not.toContain('Overdue at month end');
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
    const future = await t.get(`/api/reports/monthly.pdf?month=${next}`);
    expect(future.statusCode).toBe(400);
    expect(future.json().issues[0].path).toBe('month');
    expect((await t.get('/api/reports/monthly.pdf?month=2026-11', null)).statusCode).toBe(401);
  });
});

describe('the monthly report counts plans and relief valve tests', () => {
  it('prints the plan occurrences due in the month and the relief tests filed in it, per plant', async () => {
    // The report's month is UTC's, the relief test's day is the plant's (Chicago): the earlier of the two months is
    // under way in both, and its 1st is past at the plant.
    const now = new Date();
    const month = [now.toISOString(), plantDay(now, DEMO_PLANT_TIME_ZONES['Power Plant A'])].sort()[0].slice(0, 7);
    const day = `${month}-01`;
    // A plan with three occurrences due this month on one valve: one done on time, one raised and open, one skipped.
    const [valve] = await t.db.select().from(valves).where(eq(valves.plant, 'Chemical Plant C')).limit(1);
    const [plan] = await t.db
      .insert(maintenancePlans)
      .values({
        organizationId: 1,
        title: 'Report test plan',
        target: { valveId: valve.id },
        trigger: { kind: 'meter', meter: 'cycles', every: 1000, lead: 0 },
        timeZone: 'America/Chicago',
      })
      .returning();
    const order = (completedAt: Date | null) =>
      t.db
        .insert(workOrders)
        .values({
          organizationId: 1,
          workOrderId: `WO-RPT-${Math.random().toString(36).slice(2, 8)}`,
          valveId: valve.id,
          title: 'Planned check',
          dueDate: new Date(`${day}T12:00:00Z`),
          status: completedAt ? 'completed' : 'pending',
          completedAt,
        })
        .returning();
    const [onTime] = await order(new Date(`${day}T06:00:00Z`));
    const [open] = await order(null);
    await t.db.insert(maintenancePlanOccurrences).values([
      {
        organizationId: 1,
        planId: plan.id,
        valveId: valve.id,
        key: 'a',
        dueAt: new Date(`${day}T12:00:00Z`),
        workOrderId: onTime.id,
      },
      {
        organizationId: 1,
        planId: plan.id,
        valveId: valve.id,
        key: 'b',
        dueAt: new Date(`${day}T12:00:00Z`),
        workOrderId: open.id,
      },
      { organizationId: 1, planId: plan.id, valveId: valve.id, key: 'c', dueAt: new Date(`${day}T12:00:00Z`) },
    ]);
    // A relief valve test filed this month that failed as found, on a tag in Power Plant A.
    const options = (await t.get('/api/relief-valves/test-options', 'technician')).json();
    const tag = await send(
      t,
      'POST',
      '/api/relief-valves/tags',
      {
        tag: 'PSV-RPT-1',
        plant: 'Power Plant A',
        setPressure: 100,
        protectedEquipment: 'V-1',
        service: 'Air',
        intervalRule: 'fixed',
        intervalMonths: 12,
      },
      { as: 'engineer' },
    );
    const device = await send(
      t,
      'POST',
      '/api/relief-valves/devices',
      {
        serialNumber: 'RPT-1',
        manufacturer: 'Farris',
        model: '2600',
        orifice: 'J',
        inletSize: '3"',
        outletSize: '4"',
        setPressure: 100,
        capacity: '1',
        codeStamp: 'UV',
        design: 'conventional',
        seatType: 'metal',
        code: 'asme-viii',
      },
      { as: 'engineer' },
    );
    expect(
      (
        await send(t, 'POST', `/api/relief-valves/tags/${tag.json().id}/install`, {
          deviceId: device.json().id,
          installedOn: day,
        })
      ).statusCode,
    ).toBe(200);
    const recorded = await send(t, 'POST', '/api/relief-valves/tests', {
      deviceId: device.json().id,
      testedOn: day,
      place: 'shop',
      medium: 'air',
      certificateId: options.certificates.find((c: { kind: string }) => c.kind === 'vr')?.id,
      gaugeId: options.instruments.find((x: { identifier: string }) => x.identifier === 'G-104')?.id,
      asFound: { opening: 110, reseat: 95 },
      asLeft: { opening: 100, reseat: 95 },
      submit: true,
    });
    expect(recorded.json()).toMatchObject({ status: 'submitted', asFoundResult: 'fail', asLeftResult: 'pass' });

    const text = pdfText((await t.get(`/api/reports/monthly.pdf?month=${month}`)).rawPayload);
    const plans = text.slice(text.indexOf('Preventive plans'), text.indexOf('Relief valve tests'));
    // Due 3, raised 2, done 1, on time 1 of 3.
    expect(plans).toContain('Chemical Plant C\n3\n2\n1\n33%');
    const relief = text.slice(text.indexOf('Relief valve tests'));
    expect(relief).toContain('Power Plant A\n1\n1\n0');
    // Another organization's report counts none of it.
    const other = pdfText((await t.get(`/api/reports/monthly.pdf?month=${month}`, 'otherOrganization')).rawPayload);
    expect(other).toContain('No plan occurrences were due in this month.');
    expect(other).toContain('No relief valve tests were submitted in this month.');
  });
});
