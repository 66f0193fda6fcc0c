import { expect, test } from '@playwright/test';
import { LABOR_TEXTS } from '../client/src/features/labor/texts';
import { PARTS_TEXTS } from '../client/src/features/parts/texts';
import type { LaborEntry } from '../common/schemas/labor';
import type { Part, WorkOrderPart } from '../common/schemas/parts';
import type { ValveDetail } from '../common/schemas/valves';
import type { WorkOrderSummary } from '../common/schemas/work-orders';
import { TEXTS } from '../common/texts';
import { getJson } from './support/api';
import { downloadForOffline } from './support/offline';
import { stockedPart } from './support/parts';
import { stateFile } from './support/personas';

/**
 * Issue 33 with no signal: on a kept work order a technician takes three seat rings (two were reserved), logs an
 * hour and a half and runs the timer. Meanwhile the store's count finds one short. Back in signal, the hours and
 * the timer land; the issue is refused by name and waits on /offline, never dropped; corrected to what was there,
 * it lands too and the work order keeps what was taken.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 800 }, storageState: stateFile('technician') });

const W = PARTS_TEXTS.workOrder;

test('issues a part and logs hours with no signal; the replay names the shortage and loses nothing', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const supervisor = await playwright.request.newContext({ baseURL, storageState: stateFile('supervisor') });
  // Not the first open order: the online spec runs its timer there.
  const order = (await getJson<WorkOrderSummary[]>(supervisor, '/api/work-orders')).filter(
    (o) => o.status === 'in_progress',
  )[1];
  if (!order) throw new Error('the demo has work orders in progress');
  const valve = await getJson<ValveDetail>(supervisor, `/api/valves/${order.valve.id}`);
  const { part, store } = await stockedPart(supervisor, valve.plant, valve.model, 3);
  const reserved = await page.request.post(`/api/work-orders/${order.id}/parts`, {
    data: { partId: part.id, storeId: store.id, quantity: 2 },
  });
  expect(reserved.status(), await reserved.text()).toBe(201);
  const line = (await reserved.json()) as WorkOrderPart;

  await downloadForOffline(page);

  await context.setOffline(true);
  await page.goto(`/work-orders/${order.id}`);
  await page.getByRole('tab', { name: 'Parts & Labor' }).click();
  const kept = page.getByRole('list', { name: W.title }).getByRole('listitem').filter({ hasText: part.partNumber });
  await expect(kept.getByText(W.line('2 each', '0 each'))).toBeVisible();

  await kept.getByRole('button', { name: W.issue }).click();
  const issue = page.getByRole('form', { name: W.moveDialog.issueTitle(part.partNumber) });
  await issue.getByLabel(W.moveDialog.quantity).fill('3');
  await issue.getByRole('button', { name: W.moveDialog.issueSubmit }).click();
  await expect(kept.getByTestId('pending-stock-move')).toContainText(W.waiting('issue', '3 each'));
  await expect(kept.getByTestId('pending-stock-move')).toContainText(TEXTS.offline.pending);

  await page.getByRole('button', { name: LABOR_TEXTS.log }).click();
  const log = page.getByRole('form', { name: LABOR_TEXTS.logDialog.title });
  await log.getByLabel(LABOR_TEXTS.logDialog.hours).fill('1');
  await log.getByLabel(LABOR_TEXTS.logDialog.minutes).fill('30');
  await log.getByLabel(LABOR_TEXTS.logDialog.note).fill('Lapped the seat, no signal');
  await log.getByRole('button', { name: LABOR_TEXTS.logDialog.submit }).click();
  const waiting = page.getByRole('list', { name: LABOR_TEXTS.pendingTitle });
  await expect(waiting.getByTestId('pending-hours').filter({ hasText: 'Lapped the seat' })).toContainText('1 h 30 min');

  await page.getByRole('button', { name: LABOR_TEXTS.start }).click();
  await expect(page.getByRole('timer')).toContainText('Timer running: 00:00:0');
  await expect(page.getByText(TEXTS.offline.pending).first()).toBeVisible();
  await page.getByRole('button', { name: LABOR_TEXTS.stop }).click();
  await expect(page.getByRole('button', { name: LABOR_TEXTS.start })).toBeVisible();
  await expect(page.locator('body')).not.toHaveText(/Failed to fetch/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Meanwhile the storeman's count finds one short: only the two reserved are left.
  const counted = await supervisor.post(`/api/parts/${part.id}/adjustments`, {
    data: { storeId: store.id, quantity: -1, reason: 'Count found one short' },
  });
  expect(counted.status(), await counted.text()).toBe(201);

  await context.setOffline(false);
  const hours = page.getByRole('list', { name: LABOR_TEXTS.title });
  await expect(hours.getByRole('listitem').filter({ hasText: 'Lapped the seat, no signal' })).toContainText(
    '1 h 30 min',
    { timeout: 20_000 },
  );
  await page.goto('/offline');
  const attention = page.getByRole('region', { name: TEXTS.offline.attentionTitle });
  await expect(attention).toContainText(`Issued on work order ${order.workOrderId}: 3 × ${part.partNumber}`, {
    timeout: 20_000,
  });
  await expect(attention).toContainText(`Not enough ${part.partNumber}`);
  let labor = await getJson<LaborEntry[]>(supervisor, `/api/work-orders/${order.id}/labor`);
  expect(labor.filter((e) => e.note === 'Lapped the seat, no signal').map((e) => e.minutes)).toEqual([90]);
  expect(labor.some((e) => e.running)).toBe(false);
  expect(await getJson<Part>(supervisor, `/api/parts/${part.id}`)).toMatchObject({ onHand: 2, reserved: 2 });

  // Corrected to the two that were on the shelf, the issue lands: the work order keeps what was taken.
  await attention.getByRole('button', { name: TEXTS.offline.edit }).click();
  await attention.getByLabel('Change to send').fill('{ "quantity": 2 }');
  await attention.getByRole('button', { name: TEXTS.offline.retry }).click();
  await expect(page.getByRole('region', { name: TEXTS.offline.attentionTitle })).toHaveCount(0, { timeout: 20_000 });
  await expect
    .poll(
      async () =>
        (await getJson<WorkOrderPart[]>(supervisor, `/api/work-orders/${order.id}/parts`)).find(
          (l) => l.id === line.id,
        ),
      { timeout: 20_000 },
    )
    .toMatchObject({ reserved: 0, issued: 2 });
  labor = await getJson<LaborEntry[]>(supervisor, `/api/work-orders/${order.id}/labor`);
  expect(labor.filter((e) => e.note === 'Lapped the seat, no signal')).toHaveLength(1);
  await supervisor.dispose();
});
