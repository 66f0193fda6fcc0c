import { expect, test } from '@playwright/test';
import { BENCHMARK_CATEGORIES } from '../common/constants';
import { TEXTS } from '../common/texts';

const P = TEXTS.performance;

/** The number of requests the throughput card says the window holds. */
async function requestsInWindow(page: import('@playwright/test').Page): Promise<number> {
  const text = (await page.getByTestId('health-throughput').textContent()) ?? '';
  const match = /([\d,]+) requests in the window/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match?.[1].replaceAll(',', ''));
}

test.describe('performance dashboard', () => {
  test('shows the five health cards, says over what window, and the benchmark tabs', async ({ page }) => {
    await page.goto('/performance');
    await expect(page.getByRole('heading', { level: 1, name: P.title })).toBeVisible();
    for (const label of Object.values(P.health)) await expect(page.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByTestId('health-window')).toContainText('Live: measured over');
    await expect(page.getByTestId('health-responseTime-value')).toHaveText(/^\d[\d.,]* ms$/);
    await expect(page.getByTestId('health-errorRate-value')).toHaveText(/^\d+\.\d\d%$/);
    const tabs = page.getByRole('tablist', { name: 'Benchmark categories' }).getByRole('tab');
    await expect(tabs.first()).toHaveText('API');
    const names = await tabs.allTextContents();
    expect(names.length).toBeLessThanOrEqual(4);
    expect(names.every((n) => (BENCHMARK_CATEGORIES as readonly string[]).includes(n))).toBe(true);
    const first = page.getByRole('tabpanel').getByTestId('benchmark').first();
    await expect(first).toContainText('target < 200 ms');
    await expect(first).toContainText(/of live traffic, [\d,]+ requests/);
  });

  test('its figures change after traffic, without reloading the page', async ({ page, request }) => {
    await page.goto('/performance');
    await expect(page.getByTestId('health-throughput')).toContainText('requests in the window');
    const before = await requestsInWindow(page);
    for (let i = 0; i < 25; i++) expect((await request.get('/api/valves')).ok()).toBe(true);
    // The window rolls: earlier tests' requests leave it while these enter, so the count changes but need not rise
    // by 25 (a fast run of the suite packs the window and more leave it than enter).
    await expect.poll(() => requestsInWindow(page), { timeout: 15_000 }).not.toBe(before);
  });

  test('a database tab lists the live query time', async ({ page }) => {
    await page.goto('/performance');
    await page.getByRole('tab', { name: 'Database' }).click();
    await expect(page.getByRole('tabpanel').getByText(/Query time p95/)).toBeVisible();
  });

  test('fits a 360 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/performance');
    await expect(page.getByTestId('health-errorRate-value')).toBeVisible();
    await expect(page.getByTestId('benchmark').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
