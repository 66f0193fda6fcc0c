import { expect, type Page, test } from '@playwright/test';
import type { ValveSummary } from '../common/schemas/valves';
import type { WorkOrderDetail } from '../common/schemas/work-orders';
import { getJson } from './support/api';

// Issue 17 on a 360 px phone, as the supervisor: search finds what people type, the work order list has its tools,
// a duplicate is cancelled with a reason, and the work carries people's names.
test.use({ viewport: { width: 360, height: 800 } });

const pageIsPhoneWide = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('search, list tools, cancelling a duplicate and names on the work, at 360 px', async ({ page, request }) => {
  const all = await getJson<ValveSummary[]>(request, '/api/valves');
  const fisher = all.filter((v) => v.manufacturer === 'Emerson Fisher');
  expect(fisher.length).toBeGreaterThan(1);
  await page.goto('/valves');
  await page.getByRole('searchbox').fill('fisher');
  await page.getByRole('searchbox').press('Enter');
  await expect(page.getByText(`${fisher.length} valves`, { exact: true })).toBeVisible();

  const valve = all[1];
  const made = await request.post('/api/work-orders', {
    data: { valveId: valve.id, title: 'Duplicate: gland leak', description: `Part ${'X'.repeat(120)}` },
  });
  expect(made.status()).toBe(201);
  const order = (await made.json()) as WorkOrderDetail;

  await page.goto('/work-orders');
  await page.getByRole('searchbox').fill(order.workOrderId);
  await page.getByRole('searchbox').press('Enter');
  const cards = page.getByRole('tabpanel').getByRole('list', { name: 'Work orders' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Priority' }).selectOption('high');
  await expect(page.getByRole('tabpanel').getByText('No work orders found.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Priority' }).selectOption('medium');
  await cards.first().getByRole('link').click();

  await expect(page.getByRole('link', { name: valve.valveId })).toBeVisible();
  await expect(page.getByText('Due Not set')).toBeVisible();
  await pageIsPhoneWide(page);
  await page.getByRole('button', { name: 'Cancel Order' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Cancel Work Order' }).click();
  await expect(dialog.getByText('reason is required', { exact: false })).toBeVisible();
  await dialog.getByLabel('Reason').fill(`Duplicate of the gland leak order on ${valve.valveId}`);
  await dialog.getByRole('button', { name: 'Cancel Work Order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Cancelled by James Okafor')).toBeVisible();
  await expect(page.getByText(`Duplicate of the gland leak order on ${valve.valveId}`)).toBeVisible();

  await page.goto('/work-orders?status=cancelled');
  await expect(cards.filter({ hasText: order.workOrderId })).toHaveCount(1);
  await pageIsPhoneWide(page);
  await page.screenshot({ path: 'test-results/first-day-360.png', fullPage: false });
});

test("the work order screen's six tabs are all in sight and full-size at 360 px", async ({ page, request }) => {
  const [order] = await getJson<{ id: number }[]>(request, '/api/work-orders?limit=1');
  await page.goto(`/work-orders/${order.id}`);
  const tabs = page.getByRole('tablist', { name: 'Work order information' }).getByRole('tab');
  await expect(tabs).toHaveCount(6);
  for (const tab of await tabs.all()) {
    const box = await tab.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360 && box.height >= 44).toBe(true);
  }
  await pageIsPhoneWide(page);
  await page.screenshot({ path: 'test-results/work-order-tabs-360.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/work-order-tabs-1280.png' });
});
