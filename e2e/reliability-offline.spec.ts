import { expect, test } from '@playwright/test';
import { RELIABILITY_TEXTS } from '../client/src/features/reliability/texts';
import { WORK_ORDER_WRITE_TEXTS } from '../client/src/features/work-orders/texts';
import type { DowntimePeriod, FailureReport } from '../common/schemas/reliability';
import { TEXTS } from '../common/texts';
import { getJson } from './support/api';
import { localInputHoursAgo, startedOrder, valveByTag } from './support/failures';
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

  await page.goto('/offline');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.getByRole('button', { name: TEXTS.offline.preloadNow }).click();
  const valves = await getJson<unknown[]>(page.request, '/api/valves');
  await expect(page.getByTestId('kept-summary')).toContainText(`${valves.length} valves`, { timeout: 60_000 });

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
