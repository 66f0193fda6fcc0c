import { expect, type Page, test } from '@playwright/test';
import { AUTH_TEXTS } from '../client/src/features/auth/texts';
import { TEXTS } from '../common/texts';
import { DEMO_PASSWORD, LIMITED_TECHNICIAN, PERSONAS, SIGNED_OUT } from './support/personas';

/** A field by its label, which may carry the required mark (' *'), but not a button named like it. */
const labelled = (label: string) => new RegExp(`^${label}( \\*)?$`);

/**
 * Sign-in, sign-out and route protection. The server allows 10 sign-in attempts a minute per address and the
 * setup project already used 4: this file makes 3 real attempts (a demo button, the typed form, a wrong password);
 * the other refusals are answered by a stand-in route so they cost none.
 */

/** At 360 px (a small phone) nothing may stick out sideways: the header least of all. */
async function expectNoSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

const accountButton = (page: Page, name: string) => page.getByRole('button', { name: AUTH_TEXTS.menu.trigger(name) });

test.describe('signed out', () => {
  test.use({ storageState: SIGNED_OUT });

  test('an app screen sends the visitor to sign in; a demo button brings them back to it', async ({
    page,
    context,
  }) => {
    await page.goto('/valves');
    await expect(page).toHaveURL(/\/login\?next=%2Fvalves$/);
    await expect(page.getByRole('heading', { level: 1, name: AUTH_TEXTS.signIn.title })).toBeVisible();

    const demo = page.getByRole('region', { name: AUTH_TEXTS.demo.title });
    for (const role of ['Technician', 'Supervisor', 'Engineer', 'Admin']) {
      await expect(demo.getByRole('button', { name: AUTH_TEXTS.demo.button(role) })).toBeVisible();
    }
    await expect(demo.getByRole('button', { name: AUTH_TEXTS.demo.button('Technician') })).toContainText(
      PERSONAS.technician.name,
    );
    await demo.getByRole('button', { name: AUTH_TEXTS.demo.button('Technician') }).click();

    await expect(page).toHaveURL(/\/valves$/);
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.valves.title })).toBeVisible();
    await expect(accountButton(page, PERSONAS.technician.name)).toContainText('MS');

    // The session ends while the app is open (expired, or the user deactivated): the next read answers 401,
    // and the app goes to sign-in with the way back, never to a blank screen.
    await context.clearCookies();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Work' }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fwork-orders$/);
    await expect(page.getByRole('heading', { level: 1, name: AUTH_TEXTS.signIn.title })).toBeVisible();
  });

  test('the typed form signs in and returns; the menu shows who; sign-out ends the session', async ({ page }) => {
    await page.goto('/work-orders?tab=pending');
    await expect(page).toHaveURL(/\/login\?next=%2Fwork-orders%3Ftab%3Dpending$/);

    const form = page.getByRole('form', { name: AUTH_TEXTS.signIn.title });
    await form.getByLabel(labelled(AUTH_TEXTS.signIn.email)).fill(LIMITED_TECHNICIAN.email);
    await form.getByLabel(labelled(AUTH_TEXTS.signIn.password)).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: AUTH_TEXTS.signIn.submit }).click();

    await expect(page).toHaveURL(/\/work-orders\?tab=pending$/);
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.workOrders.title })).toBeVisible();
    const account = accountButton(page, LIMITED_TECHNICIAN.name);
    await expect(account).toContainText('TR');
    await expect(account).toContainText(LIMITED_TECHNICIAN.name);
    await expectNoSidewaysScroll(page);
    await expect(account).toBeVisible();

    await account.click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText(LIMITED_TECHNICIAN.name);
    await expect(menu).toContainText('Technician · ');
    await expect(menu).toContainText(LIMITED_TECHNICIAN.plants[0]);
    await expect(menu.getByRole('menuitem', { name: AUTH_TEXTS.menu.users })).toHaveCount(0);
    // A technician tests relief valves and works to plans and procedures: each has its place in the menu.
    for (const name of [AUTH_TEXTS.menu.reliefValves, AUTH_TEXTS.menu.plans, AUTH_TEXTS.menu.procedures]) {
      await expect(menu.getByRole('menuitem', { name })).toBeVisible();
    }
    await menu.getByRole('menuitem', { name: AUTH_TEXTS.menu.signOut }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: AUTH_TEXTS.signIn.title })).toBeVisible();
    await page.goto('/app');
    await expect(page).toHaveURL(/\/login\?next=%2Fapp$/);
  });

  test('an unconfirmed address and a paused account are each explained, at 360 px (issue 27, item 1)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/login');
    const form = page.getByRole('form', { name: AUTH_TEXTS.signIn.title });
    await form.getByLabel(labelled(AUTH_TEXTS.signIn.email)).fill('contractor@valve-services.example');
    await form.getByLabel(labelled(AUTH_TEXTS.signIn.password)).fill('a passphrase of its own');
    const submit = form.getByRole('button', { name: AUTH_TEXTS.signIn.submit });
    // Stand-ins for the server's answers (auth.test.ts and password-limits.test.ts hold the server to them).
    const unconfirmed = 'Confirm your email address first: open the link we emailed you, then sign in again.';
    await page.route('**/api/auth/sign-in', (route) => route.fulfill({ status: 403, json: { message: unconfirmed } }));
    await submit.click();
    const alert = form.getByRole('alert');
    await expect(alert).toContainText(AUTH_TEXTS.signIn.unverified);
    await expect(alert).toContainText(unconfirmed);
    await expectNoSidewaysScroll(page);

    await page.unroute('**/api/auth/sign-in');
    const paused =
      'Too many failed sign-ins for this account: signing in and e-signing are paused. Try again in 14 minutes.';
    await page.route('**/api/auth/sign-in', (route) => route.fulfill({ status: 429, json: { message: paused } }));
    await submit.click();
    await expect(alert).toContainText(AUTH_TEXTS.signIn.paused);
    await expect(alert).toContainText(paused);
  });

  test('a wrong password, too many attempts and bad fields are each explained', async ({ page }) => {
    await page.goto('/login');
    const form = page.getByRole('form', { name: AUTH_TEXTS.signIn.title });
    const email = form.getByLabel(labelled(AUTH_TEXTS.signIn.email));
    const password = form.getByLabel(labelled(AUTH_TEXTS.signIn.password));
    const submit = form.getByRole('button', { name: AUTH_TEXTS.signIn.submit });

    // Nothing typed: the form says what is missing and sends nothing.
    await submit.click();
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(form.getByText('Password is required')).toBeVisible();

    await email.fill(PERSONAS.technician.email);
    await password.fill('not-the-password');
    await submit.click();
    await expect(form.getByRole('alert')).toContainText('Email or password is incorrect.');
    await expect(page).toHaveURL(/\/login$/);

    await page.route('**/api/auth/sign-in', (route) =>
      route.fulfill({ status: 429, json: { message: 'Too many attempts. Try again in 42 seconds.' } }),
    );
    await submit.click();
    await expect(form.getByRole('alert')).toContainText('Too many attempts. Try again in 42 seconds.');

    await page.unroute('**/api/auth/sign-in');
    await page.route('**/api/auth/sign-in', (route) =>
      route.fulfill({
        status: 400,
        json: {
          message: 'Invalid body: email must be an email address',
          issues: [{ path: 'email', message: 'must be an email address' }],
        },
      }),
    );
    await submit.click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Email must be an email address')).toBeVisible();
  });

  test('an empty installation offers set-up instead of sign-in', async ({ page }) => {
    await page.route('**/api/auth/status', (route) => route.fulfill({ json: { needsSetup: true, demo: null } }));
    let sent: Record<string, unknown> = {};
    await page.route('**/api/auth/sign-up', (route) => {
      sent = route.request().postDataJSON();
      return route.fulfill({ status: 429, json: { message: 'Too many attempts. Try again in 42 seconds.' } });
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: AUTH_TEXTS.setUp.title })).toBeVisible();
    await expect(page.getByRole('region', { name: AUTH_TEXTS.demo.title })).toHaveCount(0);
    const form = page.getByRole('form', { name: AUTH_TEXTS.setUp.title });
    await form.getByLabel(AUTH_TEXTS.setUp.organizationName).fill('Harbour Chemicals');
    await form.getByLabel(AUTH_TEXTS.setUp.name).fill('Dana Price');
    await form.getByLabel(labelled(AUTH_TEXTS.setUp.email)).fill('dana@harbour.example');
    await form.getByLabel(labelled(AUTH_TEXTS.setUp.password)).fill('harbour-valves-1');
    // The first plant is asked for (issue 30), its zone the device's unless picked.
    const submit = form.getByRole('button', { name: AUTH_TEXTS.setUp.submit });
    await submit.click();
    await expect(form.getByText(`${AUTH_TEXTS.setUp.plantName} is required`)).toBeVisible();
    await form.getByLabel(labelled(AUTH_TEXTS.setUp.plantName)).fill('Harbour Works');
    await expect(form.getByLabel(labelled(AUTH_TEXTS.setUp.timeZone))).toHaveValue(
      await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    );
    await form.getByLabel(labelled(AUTH_TEXTS.setUp.timeZone)).selectOption('Europe/Berlin');
    await submit.click();
    await expect(form.getByRole('alert')).toContainText('Too many attempts. Try again in 42 seconds.');
    expect(sent).toMatchObject({ plantName: 'Harbour Works', timeZone: 'Europe/Berlin' });
  });

  test('the landing page and pricing stay open without signing in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'ValveOps' })).toBeVisible();
    await expect(page.getByRole('link', { name: AUTH_TEXTS.signInLink })).toHaveAttribute('href', '/login?next=%2F');
    await expectNoSidewaysScroll(page);
    await page.goto('/pricing');
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  });

  test('an invitation link without its token explains itself', async ({ page }) => {
    await page.goto('/accept-invite');
    await expect(page.getByRole('alert')).toContainText(AUTH_TEXTS.invite.missingToken);
  });
});

test.describe('signed in', () => {
  test('the sign-in page moves on to a path of this site, and never to another site', async ({ page, baseURL }) => {
    await page.goto('/login?next=%2F%2Fevil.example');
    await expect(page).toHaveURL(`${baseURL}/app`);
    await page.goto('/login?next=https%3A%2F%2Fevil.example%2Fvalves');
    await expect(page).toHaveURL(`${baseURL}/app`);
    await page.goto('/login?next=%2Fvalves%3Fplant%3DGas%2BPlant%2BB');
    await expect(page).toHaveURL(`${baseURL}/valves?plant=Gas+Plant+B`);
  });
});
