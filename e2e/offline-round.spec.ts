import { expect, test } from '@playwright/test';
import { WORK_ORDER_WRITE_TEXTS } from '../client/src/features/work-orders/texts';
import type { ValveSummary } from '../common/schemas/valves';
import type { WorkOrderSummary } from '../common/schemas/work-orders';
import { TEXTS } from '../common/texts';
import { getJson } from './support/api';
import { downloadForOffline } from './support/offline';

/**
 * Issue 18: after "Download for offline use" the whole plant the user may see is on the phone. With no signal,
 * any valve and any open work order opens, the label lookup works, search and filters work, and a work order can be
 * raised from the dashboard. The service worker must run (the config blocks it elsewhere).
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 800 } });

/** A fixed pick of `count` from `list`, spread over it: "random" valves that are the same every run. */
const spread = <T>(list: T[], count: number): T[] =>
  Array.from({ length: Math.min(count, list.length) }, (_, i) => list[Math.floor((i * 7919) % list.length)]);

test('a whole plant in the pocket: 20 valves, 10 work orders, a label, a search and a new order with no signal', async ({
  page,
  context,
}) => {
  // Thirty cold page loads from the service worker: generous for a busy machine, quick on a quiet one.
  test.setTimeout(300_000);
  const valves = await getJson<ValveSummary[]>(page.request, '/api/valves');
  const orders = (await getJson<WorkOrderSummary[]>(page.request, '/api/work-orders')).filter(
    (w) => w.status !== 'completed',
  );
  await downloadForOffline(page);
  await expect(page.getByTestId('kept-summary')).toContainText(`${valves.length} valves`);

  await context.setOffline(true);
  for (const valve of spread(valves, 20)) {
    await page.goto(`/valves/${valve.id}`);
    await expect(page.getByRole('heading', { level: 1, name: valve.valveId })).toBeVisible();
  }
  for (const order of spread(orders, 10)) {
    await page.goto(`/work-orders/${order.id}`);
    await expect(page.getByRole('heading', { level: 1, name: order.title })).toBeVisible();
  }

  // Something never downloaded says so in plain words.
  await page.goto('/valves/999999');
  await expect(page.getByText(TEXTS.offline.notKept)).toBeVisible();
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);

  // Search and a filter, answered from the kept list.
  const gate = valves.filter((v) => v.type === 'Gate Valve');
  await page.goto('/valves?type=Gate+Valve');
  await expect(page.getByRole('link', { name: new RegExp(gate[0].valveId) }).first()).toBeVisible();
  const other = valves.find((v) => v.type !== 'Gate Valve');
  if (other) await expect(page.getByRole('link', { name: new RegExp(other.valveId) })).toHaveCount(0);

  // The scanner's ID entry finds a kept valve and opens it.
  const scanned = spread(valves, 3)[2];
  await page.goto('/app');
  await page.getByRole('button', { name: 'Scan QR', exact: true }).click();
  const scanner = page.getByRole('dialog', { name: TEXTS.scanner.title });
  await scanner.getByPlaceholder(TEXTS.scanner.entryPlaceholder).fill(scanned.valveId);
  await scanner.getByPlaceholder(TEXTS.scanner.entryPlaceholder).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/valves/${scanned.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: scanned.valveId })).toBeVisible();

  // New Work Order from the dashboard: the valve picker searches the kept list.
  await page.goto('/app');
  await page.getByRole('button', { name: 'New Work Order', exact: true }).click();
  const form = page.getByRole('dialog', { name: WORK_ORDER_WRITE_TEXTS.newTitle });
  await form.getByRole('searchbox', { name: 'Valve', exact: true }).fill(scanned.valveId);
  await form
    .getByRole('list', { name: 'Matching valves' })
    .getByRole('button', { name: new RegExp(scanned.valveId) })
    .click();
  await form.getByLabel('Title').fill('Offline round: gland weeping');
  await form.getByRole('button', { name: WORK_ORDER_WRITE_TEXTS.create }).click();
  await expect(form).toBeHidden();
  await expect(
    page.getByTestId('pending-work-order').filter({ hasText: 'Offline round: gland weeping' }),
  ).toContainText(scanned.valveId);
  await context.setOffline(false);
});
