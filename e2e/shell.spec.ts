import { expect, test } from '@playwright/test';
import { TIMINGS } from '../common/constants';
import { TEXTS } from '../common/texts';
import { stateFile } from './support/personas';

test.describe('shell on every screen', () => {
  for (const path of ['/', '/app', '/valves', '/work-orders', '/analytics', '/no-such-page']) {
    test(`${path} has the status banner, header, action button and bottom navigation`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('status').filter({ hasText: TEXTS.banner.ready })).toBeVisible();
      await expect(page.getByRole('button', { name: /Notifications/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Quick actions' })).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const { to, label } of TEXTS.nav) {
        await expect(nav.getByRole('link', { name: label })).toHaveAttribute('href', to);
      }
    });
  }

  test.describe('Upgrade is offered only to whoever can buy', () => {
    test.describe('an admin', () => {
      test.use({ storageState: stateFile('admin') });
      test('on Professional sees Upgrade Pro, which leads to the plans', async ({ page }) => {
        // The demo runs on Enterprise: the account is answered as a Professional organization's would be.
        await page.route('**/api/billing/account', async (route) => {
          const account = await (await route.fetch()).json();
          await route.fulfill({ json: { ...account, plan: { ...account.plan, planId: 'professional' } } });
        });
        await page.goto('/app');
        await expect(page.getByRole('link', { name: TEXTS.header.upgrade })).toHaveAttribute('href', '/pricing');
      });
      test('on Enterprise is not offered Upgrade Pro, not even while the plan loads', async ({ page }) => {
        const account = page.waitForResponse('**/api/billing/account');
        await page.goto('/app');
        await expect(page.getByRole('button', { name: /Notifications/ })).toBeVisible();
        await expect(page.getByRole('link', { name: TEXTS.header.upgrade })).toHaveCount(0);
        expect((await (await account).json()).plan.planId).toBe('enterprise');
        await expect(page.getByRole('link', { name: TEXTS.header.upgrade })).toHaveCount(0);
      });
    });
    for (const persona of ['technician', 'supervisor'] as const) {
      test.describe(`a ${persona}`, () => {
        test.use({ storageState: stateFile(persona) });
        test('is not offered Upgrade Pro', async ({ page }) => {
          await page.goto('/app');
          await expect(page.getByRole('button', { name: /Notifications/ })).toBeVisible();
          await expect(page.getByRole('link', { name: TEXTS.header.upgrade })).toHaveCount(0);
        });
      });
    }
  });

  test('bottom navigation moves between screens', async ({ page }) => {
    await page.goto('/app');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Valves' }).click();
    await expect(page).toHaveURL(/\/valves$/);
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.valves.title })).toBeVisible();
    await nav.getByRole('link', { name: 'Work' }).click();
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.workOrders.title })).toBeVisible();
  });

  test('the action menu opens the scanner, navigates and raises the emergency alert', async ({ page }) => {
    await page.goto('/valves');
    const fab = page.getByRole('button', { name: 'Quick actions' });

    await fab.click();
    await page.getByRole('menuitem', { name: TEXTS.fab.scan }).click();
    const scanner = page.getByRole('dialog', { name: 'QR Scanner' });
    await expect(scanner).toBeVisible();
    await scanner.getByRole('button', { name: 'Close' }).click();
    await expect(scanner).toBeHidden();

    // New Work Order and Photo Documentation open their forms over the current screen.
    await fab.click();
    await page.getByRole('menuitem', { name: TEXTS.fab.newWorkOrder }).click();
    const orderForm = page.getByRole('dialog', { name: TEXTS.fab.newWorkOrder });
    await expect(orderForm.getByRole('textbox', { name: 'Title' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(orderForm).toBeHidden();

    await fab.click();
    await page.getByRole('menuitem', { name: TEXTS.fab.photo }).click();
    const photoDoc = page.getByRole('dialog', { name: TEXTS.fab.photo });
    await expect(photoDoc.getByRole('searchbox', { name: 'Valve' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(photoDoc).toBeHidden();
    await expect(page).toHaveURL(/\/valves$/);

    // Emergency Protocol raises an emergency for a plant (issue 17): it asks which plant and why.
    await fab.click();
    await page.getByRole('menuitem', { name: TEXTS.fab.emergency }).click();
    await expect(page.getByRole('dialog', { name: 'Raise an emergency' })).toBeVisible();
  });

  test('going offline shows the offline banner, which lingers after reconnecting', async ({ page, context }) => {
    await page.goto('/app');
    await expect(page.getByText(TEXTS.banner.ready)).toBeVisible();
    await context.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: TEXTS.banner.offline });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(TEXTS.banner.cached);
    await expect(banner).toContainText(TEXTS.banner.offlineNote);
    await context.setOffline(false);
    // Back online within the linger time: the banner stays a moment, then gives way to the ready badge.
    await expect(banner).toBeVisible();
    await expect(page.getByText(TEXTS.banner.ready)).toBeVisible({ timeout: TIMINGS.offlineBannerLingerMs + 5000 });
  });
});

test.describe('routes', () => {
  test('/dashboard redirects to /app', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByText(TEXTS.dashboard.emergencyTitle)).toBeVisible();
  });

  test('the landing page leads into the app and to pricing', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'ValveOps' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pricing', exact: true })).toHaveAttribute('href', '/pricing');
    await page.getByRole('link', { name: 'Open the app' }).click();
    await expect(page).toHaveURL(/\/app$/);
  });

  test('a screen whose code cannot be fetched says so and offers to load again, inside the shell', async ({ page }) => {
    // As when a screen kept in its own chunk is opened with no signal before the service worker saved it.
    await page.route('**/assets/screens-*.js', (route) => route.abort('internetdisconnected'));
    await page.goto('/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'This screen could not open' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load again' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Quick actions' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to valves' }).click();
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.valves.title })).toBeVisible();
  });

  test('an unknown path shows the not-found screen, and both of its buttons work', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: TEXTS.notFound.title })).toBeVisible();
    await expect(page.getByText(TEXTS.notFound.body)).toBeVisible();

    await page.getByRole('link', { name: TEXTS.notFound.toDashboard }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByText(TEXTS.dashboard.emergencyTitle)).toBeVisible();

    await page.goto('/some/deeper/unknown/path');
    await page.getByRole('link', { name: TEXTS.notFound.toValves }).click();
    await expect(page).toHaveURL(/\/valves$/);
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.valves.title })).toBeVisible();
  });
});
