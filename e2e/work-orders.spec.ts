import { expect, type Page, test } from '@playwright/test';
import type { Photo } from '../common/schemas/photos';
import type { WorkOrderDetail, WorkOrderSummary } from '../common/schemas/work-orders';
import { workOrderStatusStyle } from '../common/status-styles';
import { TEXTS } from '../common/texts';
import { getJson } from './support/api';

/** At laptop width (these specs' viewport) the list is a table: a row per order, a page of 20 at a time. */
const cardsIn = (page: Page) =>
  page.getByRole('tabpanel').getByRole('table', { name: 'Work orders' }).locator('tbody tr');
const PAGE = 20;

test.describe('work orders list', () => {
  test('the three tabs hold the statuses of the spec, with counts matching the API', async ({ page, request }) => {
    const all = await getJson<WorkOrderSummary[]>(request, '/api/work-orders');
    const expected = {
      active: all.filter((w) => w.status === 'in_progress' || w.status === 'pending'),
      pending: all.filter((w) => w.status === 'pending'),
      completed: all.filter((w) => w.status === 'completed'),
    };
    await page.goto('/work-orders');
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.workOrders.title })).toBeVisible();
    await expect(page.getByRole('button', { name: TEXTS.workOrders.create })).toBeVisible();

    for (const tab of ['active', 'pending', 'completed'] as const) {
      const trigger = page.getByRole('tab', { name: new RegExp(`^${TEXTS.workOrders.tabs[tab]}`) });
      await expect(trigger).toContainText(String(expected[tab].length));
      await trigger.click();
      await expect(trigger).toHaveAttribute('aria-selected', 'true');
      if (expected[tab].length === 0) {
        await expect(page.getByRole('tabpanel').getByText(TEXTS.workOrders.empty)).toBeVisible();
        continue;
      }
      await expect(cardsIn(page)).toHaveCount(Math.min(PAGE, expected[tab].length));
      const first = expected[tab][0];
      const card = cardsIn(page).first();
      await expect(card).toContainText(first.workOrderId);
      await expect(card).toContainText(first.title);
      await expect(card).toContainText(workOrderStatusStyle(first.status).label);
      await expect(card).toContainText(first.valve.valveId);
    }
    await expect(page).toHaveURL(/\/work-orders\?tab=completed$/);
  });

  test('overdue work orders carry a red Overdue badge', async ({ page, request }) => {
    const overdue = (await getJson<WorkOrderSummary[]>(request, '/api/work-orders')).filter((w) => w.overdue);
    expect(overdue.length, 'the demo plant has overdue work orders').toBeGreaterThan(0);
    await page.goto('/work-orders?overdue=1');
    const card = cardsIn(page).filter({ hasText: overdue[0].workOrderId });
    await expect(card.getByText(workOrderStatusStyle('overdue').label, { exact: true })).toBeVisible();
  });
});

test.describe('work order detail', () => {
  test('shows the header, the four buttons and the three tabs', async ({ page, request }) => {
    const [summary] = await getJson<WorkOrderSummary[]>(request, '/api/work-orders');
    const order = await getJson<WorkOrderDetail>(request, `/api/work-orders/${summary.id}`);
    const photos = await getJson<Photo[]>(request, `/api/photos?workOrderId=${order.id}`);

    await page.goto('/work-orders');
    await cardsIn(page).filter({ hasText: order.workOrderId }).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/work-orders/${order.id}$`));

    const header = page.locator('main header');
    await expect(header).toContainText(order.workOrderId);
    await expect(header.getByRole('heading', { level: 1, name: order.title })).toBeVisible();
    const priority = order.priority.charAt(0).toUpperCase() + order.priority.slice(1);
    await expect(header).toContainText(`${priority} Priority`);
    await expect(header).toContainText(workOrderStatusStyle(order.status).label);
    await expect(header).toContainText(order.valve.plant);
    await expect(header).toContainText(order.valve.location);
    await expect(header).toContainText(order.assignedToUser?.name ?? TEXTS.workOrders.unassigned);
    for (const label of TEXTS.workOrders.buttons)
      await expect(page.getByRole('button', { name: label, exact: true })).toBeVisible();

    const panel = page.getByRole('tabpanel');
    await expect(page.getByRole('tab', { name: TEXTS.workOrders.detailTabs.details })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(panel).toContainText(order.description.split('\n')[0]);
    await expect(panel).toContainText(order.createdByUser?.name ?? 'N/A');
    if (!order.dueDate) await expect(panel).toContainText(TEXTS.workOrders.notSet);
    if (!order.completedAt) await expect(panel).toContainText(TEXTS.workOrders.notCompleted);
    if (order.maintenanceRecords.length > 0) {
      await expect(panel.getByRole('list', { name: 'Maintenance records' }).getByRole('listitem')).toHaveCount(
        order.maintenanceRecords.length,
      );
    }

    await page.getByRole('tab', { name: TEXTS.workOrders.detailTabs.valve }).click();
    for (const value of [order.valve.type, order.valve.size, order.valve.pressure, order.valve.system]) {
      await expect(panel).toContainText(value);
    }
    const valveLink = panel.getByRole('link', { name: order.valve.valveId });
    await expect(valveLink).toHaveAttribute('href', `/valves/${order.valve.id}`);

    await page.getByRole('tab', { name: TEXTS.workOrders.detailTabs.photos }).click();
    if (photos.length === 0) await expect(panel.getByText(TEXTS.workOrders.noPhotos)).toBeVisible();
    else await expect(panel.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(photos.length);

    await page.getByRole('tab', { name: TEXTS.workOrders.detailTabs.valve }).click();
    await valveLink.click();
    await expect(page.getByRole('heading', { level: 1, name: order.valve.valveId })).toBeVisible();
  });

  test('a completed work order shows its completion date', async ({ page, request }) => {
    const done = (await getJson<WorkOrderSummary[]>(request, '/api/work-orders')).find((w) => w.status === 'completed');
    expect(done, 'the demo plant has completed work orders').toBeTruthy();
    await page.goto(`/work-orders/${done?.id}`);
    await expect(page.getByRole('tabpanel')).not.toContainText(TEXTS.workOrders.notCompleted);
  });

  test('an unknown work order shows "Work order not found"', async ({ page }) => {
    await page.goto('/work-orders/999999');
    await expect(page.getByRole('heading', { name: TEXTS.workOrders.notFound })).toBeVisible();
  });
});
