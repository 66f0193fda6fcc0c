import { expect, type Page, test } from '@playwright/test';
import { API_TOKEN_TEXTS } from '../client/src/features/api-tokens/texts';
import { AUTH_TEXTS } from '../client/src/features/auth/texts';
import { PERSONAS, stateFile } from './support/personas';

/** A field by its label, which may carry the required mark (' *') or '(optional)'. */
const labelled = (label: string) => new RegExp(`^${label}( \\*| \\(optional\\))?$`);
const T = API_TOKEN_TEXTS.createDialog;
const stamp = Date.now().toString(36);

/** A toast's text (Radix also reads it out through a hidden live region, hence the viewport). */
const toastWith = (page: Page, text: string) => page.getByRole('region', { name: /^Notifications/ }).getByText(text);

test.describe('API tokens, as the admin on a 360 px phone', () => {
  test.use({
    storageState: stateFile('admin'),
    permissions: ['clipboard-read', 'clipboard-write'],
    viewport: { width: 360, height: 800 },
  });

  test('makes a token, shows its secret once, lists its last use, and revokes it', async ({ page, request }) => {
    const name = `Historian ${stamp}`;
    await page.goto('/app');
    await page.getByRole('button', { name: AUTH_TEXTS.menu.trigger(PERSONAS.admin.name) }).click();
    await page.getByRole('menuitem', { name: AUTH_TEXTS.menu.apiTokens }).click();
    await expect(page).toHaveURL(/\/admin\/api-tokens$/);
    await expect(page.getByRole('heading', { level: 1, name: API_TOKEN_TEXTS.title })).toBeVisible();

    let token = '';
    await test.step('make it: the secret is shown once, with a warning and a Copy button', async () => {
      await page.getByRole('button', { name: API_TOKEN_TEXTS.add }).click();
      const dialog = page.getByRole('dialog', { name: T.title });
      await dialog.getByRole('button', { name: T.submit }).click();
      await expect(dialog.getByText(`${T.name} is required`)).toBeVisible();
      await dialog.getByLabel(labelled(T.name)).fill(name);
      await dialog.getByRole('radio', { name: new RegExp(T.write) }).check();
      await page.screenshot({ path: 'test-results/api-tokens-form-360.png' });
      await dialog.getByRole('button', { name: T.submit }).click();

      await expect(dialog.getByText(T.warning)).toBeVisible();
      token = await dialog.getByLabel(T.secret).inputValue();
      expect(token).toMatch(/^vo_[A-Za-z0-9_-]{43}$/);
      await dialog.getByRole('button', { name: T.copy }).click();
      await expect(dialog.getByRole('button', { name: T.copied })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.screenshot({ path: 'test-results/api-tokens-secret-360.png' });
      await dialog.getByRole('button', { name: T.done }).click();
      await expect(dialog).toBeHidden();
    });

    const card = page
      .getByRole('list', { name: API_TOKEN_TEXTS.title })
      .getByRole('listitem')
      .filter({ hasText: name });
    await test.step('the list shows it without the secret, then its last use', async () => {
      await expect(card).toContainText(token.slice(0, 11));
      await expect(card).toContainText(API_TOKEN_TEXTS.neverUsed);
      await expect(page.getByText(token)).toHaveCount(0);
      const used = await request.get('/api/valves', { headers: { authorization: `Bearer ${token}` } });
      expect(used.status()).toBe(200);
      await page.reload();
      await expect(card).toContainText(/Last used .* from 127\.0\.0\.1/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.screenshot({ path: 'test-results/api-tokens-list-360.png', fullPage: true });
    });

    await test.step('revoke it, after confirming: the token is refused at once', async () => {
      await card.getByRole('button', { name: API_TOKEN_TEXTS.revokeOf(name) }).click();
      const confirm = page.getByRole('dialog', { name: API_TOKEN_TEXTS.confirmRevokeTitle(name) });
      await expect(confirm).toContainText(API_TOKEN_TEXTS.confirmRevokeBody);
      await confirm.getByRole('button', { name: API_TOKEN_TEXTS.revoke }).click();
      await expect(toastWith(page, API_TOKEN_TEXTS.toasts.revoked(name))).toBeVisible();
      await expect(card).toHaveCount(0);
      const refused = await request.get('/api/valves', { headers: { authorization: `Bearer ${token}` } });
      expect(refused.status()).toBe(401);
    });
  });
});

test('the supervisor has no API tokens in the menu and is told so on the page', async ({ page }) => {
  await page.goto('/admin/api-tokens');
  await expect(page.getByRole('heading', { level: 1, name: API_TOKEN_TEXTS.refused })).toBeVisible();
});
