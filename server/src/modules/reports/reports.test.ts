import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workOrders } from '../../db/schema';
import { pdfText } from '../../testing/pdf-text';
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

  it('prints the monthly plant report on one page; a bad month is 400', async () => {
    const res = await t.get('/api/reports/monthly.pdf?month=2026-11');
    expect(res.statusCode).toBe(200);
    expect(pages(res.rawPayload)).toBe(1);
    expect((await t.get('/api/reports/monthly.pdf?month=2026-13')).json().message).toBe(
      'Invalid query: month must be a month (YYYY-MM)',
    );
    expect((await t.get('/api/reports/monthly.pdf')).statusCode).toBe(400);
    expect((await t.get('/api/reports/monthly.pdf?month=2026-11', null)).statusCode).toBe(401);
  });
});
