/**
 * What a phone downloads first (issue 31, Lighthouse on /app): the app's home arrives rendered, the field screens'
 * code is fetched once someone is signed in, and a chart's code only where the chart is shown.
 */
import { expect, test } from '@playwright/test';
import { AUTH_TEXTS } from '../client/src/features/auth/texts';
import { COST_TEXTS } from '../client/src/features/costs/texts';
import { TEXTS } from '../common/texts';

test.describe('with the service worker, as a real browser runs the app', () => {
  // The suite blocks service workers elsewhere, and the app then logs that it could not register one.
  test.use({ serviceWorkers: 'allow' });

  test('/app arrives as its shell, painted before any script, and the app takes it over in place', async ({ page }) => {
    const html = await (await page.request.get('/app')).text();
    expect(html).toContain(AUTH_TEXTS.checking);
    expect(html).toContain('aria-label="Main"');
    // The app's scripts are asked for by a starter once the page has painted, not by the page itself.
    expect(html).not.toContain('type="module"');
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/app');
    await expect(page.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: TEXTS.banner.ready })).toHaveCount(1);
    // Past the service worker's registration, which waits for the first screen's reads.
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
});

test('the field screens are fetched once signed in, so they open with no signal before the service worker', async ({
  page,
  context,
}) => {
  const fetched = ['valve-list-screen', 'valve-detail-screen', 'work-order-list-route', 'work-order-detail-screen'].map(
    (chunk) => page.waitForResponse((response) => response.url().includes(`/assets/${chunk}-`) && response.ok()),
  );
  await page.goto('/app');
  await Promise.all(fetched);
  await context.setOffline(true);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Valves' }).click();
  await expect(page.getByRole('heading', { level: 1, name: TEXTS.valves.title })).toBeVisible();
  await nav.getByRole('link', { name: 'Work' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'This screen could not open' })).toHaveCount(0);
  await context.setOffline(false);
});

test('a valve’s cost chart comes with its own code; if that cannot be fetched the part says so and tries again', async ({
  page,
}) => {
  await page.route('**/assets/cost-chart-*.js', (route) => route.abort('internetdisconnected'));
  await page.goto('/valves/1?tab=parts');
  const costs = page.getByRole('region', { name: COST_TEXTS.valveTitle });
  await expect(costs.getByRole('alert')).toContainText(TEXTS.loadFailed);
  await page.unroute('**/assets/cost-chart-*.js');
  await costs.getByRole('button', { name: TEXTS.retry }).click();
  await expect(costs.getByRole('figure', { name: new RegExp(`^${COST_TEXTS.valveTitle}, `) })).toBeVisible();
});
