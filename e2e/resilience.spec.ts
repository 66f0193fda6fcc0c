import { expect, test } from '@playwright/test';
import { TIMINGS } from '../common/constants';
import type { ValveLookup } from '../common/schemas/valves';
import type { WorkOrderSummary } from '../common/schemas/work-orders';
import { TEXTS } from '../common/texts';
import { getJson } from './support/api';

test('a failed read says so and offers Try again, which recovers', async ({ page }) => {
  let failing = true;
  await page.route('**/api/dashboard/stats', (route) =>
    // 500, not 503: a 503 counts as a gateway with no server behind it, which the device answers from its kept
    // lists (the figures worked out from them, marked as the device's copy).
    failing ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
  );
  await page.goto('/app');
  // Reads retry with backoff first (1 s + 2 s + 4 s), then give up visibly.
  const retryWait = TIMINGS.retryBaseMs * (1 + 2 + 4) + 5000;
  const failure = page.getByRole('alert').filter({ hasText: TEXTS.loadFailed });
  await expect(failure).toBeVisible({ timeout: retryWait });
  await expect(failure).toContainText('500: Internal Server Error');
  // The rest of the dashboard still works.
  await expect(
    page.getByRole('region', { name: TEXTS.dashboard.valveSection }).getByRole('link').first(),
  ).toBeVisible();

  failing = false;
  await failure.getByRole('button', { name: TEXTS.retry }).click();
  await expect(page.getByRole('list', { name: 'Key figures' }).getByRole('listitem')).toHaveCount(4);
});

test('no screen overflows sideways at 360 px', async ({ page, request }) => {
  const { id: valveId } = await getJson<ValveLookup>(request, '/api/valves/valve-id/V-001-BV');
  const [order] = await getJson<WorkOrderSummary[]>(request, '/api/work-orders');
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/', '/valves', `/valves/${valveId}`, '/work-orders', `/work-orders/${order.id}`, '/nowhere']) {
    await page.goto(path);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(360);
  }
});
