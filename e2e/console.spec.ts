/**
 * A clean console on every page (issue 29): no React Router warning while a lazy screen loads, no refused read
 * before sign-in (the session read answers null, the bell and the dashboard's early reads wait for a user), and no
 * Stripe.js load refused by the security policy where Stripe is not configured.
 */
import { expect, type Page, test } from '@playwright/test';
import { SIGNED_OUT, stateFile } from './support/personas';

// As a real browser runs the app: with its service worker (the suite blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** Console errors and warnings, failed page loads and refused requests while `paths` are opened in turn. */
async function complaintsOn(page: Page, paths: string[]): Promise<string[]> {
  const complaints: string[] = [];
  let at = '';
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') complaints.push(`${at}: ${message.text()}`);
  });
  page.on('pageerror', (error) => complaints.push(`${at}: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) complaints.push(`${at}: ${response.status()} ${response.url()}`);
  });
  for (const path of paths) {
    at = path;
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  return complaints;
}

test.describe('signed out', () => {
  test.use({ storageState: SIGNED_OUT });
  test('the public pages and the redirect to sign-in log nothing', async ({ page }) => {
    expect(await complaintsOn(page, ['/', '/pricing', '/login', '/subscribe', '/app'])).toEqual([]);
    await expect(page).toHaveURL(/\/login\?next=%2Fapp/);
  });
});

for (const persona of ['technician', 'admin'] as const) {
  test.describe(`signed in as ${persona}`, () => {
    test.use({ storageState: stateFile(persona) });
    test('every screen of the menu, lazy ones first loaded, logs nothing', async ({ page }) => {
      const paths = ['/plans', '/app', '/valves', '/work-orders', '/procedures', '/relief-valves', '/manuals'];
      if (persona === 'admin') paths.push('/analytics', '/subscribe', '/admin/users');
      expect(await complaintsOn(page, paths)).toEqual([]);
    });
  });
}
