import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { WorkOrderSummary } from '../common/schemas/work-orders';
import { getJson } from './support/api';

// Issue 32 on a 360 px phone, as the supervisor: the work order list downloads as a file with its filters.
test.use({ viewport: { width: 360, height: 800 } });

test('the work order list exports as CSV and Excel with its filters, at 360 px', async ({ page, request }) => {
  const orders = await getJson<WorkOrderSummary[]>(request, '/api/work-orders');
  const high = orders.filter((o) => o.priority === 'high');
  expect(high.length).toBeGreaterThan(0);
  await page.goto('/work-orders?priority=high');
  const csvLink = page.getByRole('link', { name: 'Export work orders as CSV' });
  await expect(csvLink).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const [csv] = await Promise.all([page.waitForEvent('download'), csvLink.click()]);
  expect(csv.suggestedFilename()).toMatch(/^valveops-work-orders-\d{4}-\d\d-\d\d\.csv$/);
  const lines = (await readFile((await csv.path()) as string, 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe('Work order ID,Title,Status,Overdue,Priority,Valve ID,Plant,Assigned to,Due,Created,Completed');
  expect(lines.length - 1).toBe(high.length);
  expect(lines.slice(1).every((line) => line.includes(',High,'))).toBe(true);

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export work orders as Excel' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/^valveops-work-orders-\d{4}-\d\d-\d\d\.xlsx$/);
  // An xlsx is a zip: it starts with the local file header's signature.
  const bytes = await readFile((await xlsx.path()) as string);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
});
