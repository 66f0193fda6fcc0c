import { expect, test } from '@playwright/test';
import { RELIABILITY_TEXTS } from '../client/src/features/reliability/texts';
import { WORK_ORDER_WRITE_TEXTS } from '../client/src/features/work-orders/texts';
import type { DowntimePeriod, FailureReport } from '../common/schemas/reliability';
import { TEXTS } from '../common/texts';
import { getJson } from './support/api';
import { localInputHoursAgo, startedOrder, valveByTag } from './support/failures';
import { downloadForOffline } from './support/offline';
import { stateFile } from './support/personas';

/**
 * Issue 34 with no signal: the failure codes come down with the device's copy, so a technician on a kept work order
 * completes it with a failure mode and a downtime period offline; back in signal, the one queued completion lands
 * with both.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 800 }, storageState: stateFile('technician') });

const F = RELIABILITY_TEXTS.failure;
const D = RELIABILITY_TEXTS.downtime;

test('completes a kept order with a failure and downtime offline; the replay records both', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const supervisor = await playwright.request.newContext({ baseURL, storageState: stateFile('supervisor') });
  const order = await startedOrder(supervisor, await valveByTag(supervisor, 'V-005-PV'), 'E2E actuator air leak');

  await downloadForOffline(page);

  await context.setOffline(true);
  await page.goto(`/work-orders/${order.id}`);
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  const form = page.getByRole('dialog', { name: WORK_ORDER_WRITE_TEXTS.completeTitle });
  await form.getByLabel('Findings').fill('Air leaking at the actuator fitting.');
  await form.getByLabel('Actions performed').fill('Replaced the fitting, leak tested.');
  // The codes are read from the device's copy.
  await form
    .getByRole('combobox', { name: new RegExp(`^${F.mode}`) })
    .selectOption({ label: 'ELU · External leakage - utility medium' });
  await form.getByRole('button', { name: D.add }).click();
  await form.getByLabel(new RegExp(`^${D.from}`)).fill(localInputHoursAgo(3));
  await form.getByLabel(new RegExp(`^${D.to}`)).fill(localInputHoursAgo(1));
  await form.getByLabel(new RegExp(`^${D.reason}`)).fill('Actuator isolated');
  await form.getByRole('button', { name: WORK_ORDER_WRITE_TEXTS.completeSubmit }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(TEXTS.offline.savedOnDevice, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await context.setOffline(false);
  await expect
    .poll(() => getJson<FailureReport | null>(supervisor, `/api/work-orders/${order.id}/failure`), { timeout: 30_000 })
    .toMatchObject({ mode: 'ELU' });
  const periods = await getJson<DowntimePeriod[]>(supervisor, `/api/work-orders/${order.id}/downtime`);
  expect(periods.map((period) => period.reason)).toEqual(['Actuator isolated']);
  await page.reload();
  await expect(page.getByRole('region', { name: RELIABILITY_TEXTS.workOrder.failureTitle })).toContainText(
    'ELU · External leakage - utility medium',
  );
  await supervisor.dispose();
});

test('adds downtime to a kept order with no signal: it waits, then is sent and counted; an overlap waits on /offline', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const W = RELIABILITY_TEXTS.workOrder;
  const supervisor = await playwright.request.newContext({ baseURL, storageState: stateFile('supervisor') });
  const order = await startedOrder(supervisor, await valveByTag(supervisor, 'V-004-NV'), 'E2E stem packing leak');
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  const recorded = await supervisor.post(`/api/work-orders/${order.id}/downtime`, {
    data: { startedAt: hoursAgo(6), endedAt: hoursAgo(5), reason: 'Isolated to inspect' },
  });
  expect(recorded.status(), await recorded.text()).toBe(201);

  await downloadForOffline(page);
  // Never opened with signal: the order's downtime came down with the device's copy.
  await context.setOffline(true);
  await page.goto(`/work-orders/${order.id}`);
  const downtime = page.getByRole('list', { name: W.downtimeTitle });
  await expect(downtime).toContainText('Isolated to inspect');
  // Removing needs the server: with no signal the button waits and says why.
  const remove = downtime.getByRole('button', { name: /^Remove downtime from/ });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(W.removeNeedsSignal);

  const add = async (from: number, to: number, reason: string) => {
    await page.getByRole('button', { name: W.addTitle }).click();
    const form = page.getByRole('dialog', { name: W.addTitle });
    await form.getByLabel(new RegExp(`^${D.from}`)).fill(localInputHoursAgo(from));
    await form.getByLabel(new RegExp(`^${D.to}`)).fill(localInputHoursAgo(to));
    await form.getByLabel(new RegExp(`^${D.reason}`)).fill(reason);
    await form.getByRole('button', { name: W.addTitle }).click();
    await expect(form).toBeHidden();
  };
  await add(3, 1, 'Packing replaced, valve isolated');
  await expect(page.getByText(TEXTS.offline.savedOnDevice, { exact: true })).toBeVisible();
  const waiting = downtime.getByTestId('pending-downtime');
  await expect(waiting).toContainText('Packing replaced, valve isolated');
  await expect(waiting).toContainText(W.hours(2));
  await expect(waiting).toContainText(TEXTS.offline.pending);
  // The server's total does not count it yet.
  await expect(page.getByText(W.total(1))).toBeVisible();
  // Overlapping the period the server holds: only the server can tell, on replay.
  await add(5.5, 4.5, 'Isolated again by mistake');
  await expect(waiting).toHaveCount(2);
  await expect(page.locator('body')).not.toHaveText(/Failed to fetch/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await context.setOffline(false);
  await expect(
    downtime.getByRole('listitem').filter({ hasText: 'Packing replaced, valve isolated' }),
  ).not.toContainText(TEXTS.offline.pending, { timeout: 30_000 });
  await expect(waiting).toHaveCount(0);
  await expect(page.getByText(W.total(3))).toBeVisible();
  await expect(remove.first()).toBeEnabled();
  const periods = await getJson<DowntimePeriod[]>(supervisor, `/api/work-orders/${order.id}/downtime`);
  // Minutes as typed in the form: the period is two hours to the minute.
  expect(periods.map((period) => [period.reason, Math.round(period.hours)])).toEqual([
    ['Isolated to inspect', 1],
    ['Packing replaced, valve isolated', 2],
  ]);

  // The refused one is not dropped: it waits on /offline with the server's answer.
  await page.goto('/offline');
  const attention = page.getByRole('region', { name: TEXTS.offline.attentionTitle });
  await expect(attention).toContainText(`Downtime on work order ${order.workOrderId}: Isolated again by mistake`);
  await expect(attention).toContainText('This downtime overlaps the downtime from');
  await supervisor.dispose();
});
