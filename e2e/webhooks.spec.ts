import { expect, test } from '@playwright/test';
import { AUTH_TEXTS } from '../client/src/features/auth/texts';
import { WEBHOOK_TEXTS } from '../client/src/features/webhooks/texts';
import { PERSONAS, stateFile } from './support/personas';

const labelled = (label: string) => new RegExp(`^${label}( \\*| \\(optional\\))?$`);
const T = WEBHOOK_TEXTS.createDialog;

test.describe('Webhooks, as the admin on a 360 px phone', () => {
  test.use({ storageState: stateFile('admin'), viewport: { width: 360, height: 800 } });

  test('adds a webhook, shows its secret once, lists it and deletes it', async ({ page }) => {
    // A public address given as such: the server refuses private ones, and nothing here waits for a delivery.
    const url = `https://203.0.113.10/hooks/${Date.now().toString(36)}`;
    await page.goto('/app');
    await page.getByRole('button', { name: AUTH_TEXTS.menu.trigger(PERSONAS.admin.name) }).click();
    await page.getByRole('menuitem', { name: AUTH_TEXTS.menu.webhooks }).click();
    await expect(page).toHaveURL(/\/admin\/webhooks$/);
    await expect(page.getByRole('heading', { level: 1, name: WEBHOOK_TEXTS.title })).toBeVisible();

    await page.getByRole('button', { name: WEBHOOK_TEXTS.add }).click();
    const dialog = page.getByRole('dialog', { name: T.title });
    await dialog.getByLabel(labelled(T.url)).fill(url);
    await dialog.getByRole('button', { name: T.submit }).click();
    await expect(dialog.getByText('needs at least one event')).toBeVisible();
    await dialog.getByRole('checkbox', { name: new RegExp(WEBHOOK_TEXTS.events['work_order.completed']) }).check();
    await dialog.getByRole('button', { name: T.submit }).click();
    await expect(dialog.getByText(T.warning)).toBeVisible();
    expect(await dialog.getByLabel(T.secret).inputValue()).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await dialog.getByRole('button', { name: T.done }).click();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('listitem').filter({ hasText: url });
    await expect(card.getByText(WEBHOOK_TEXTS.events['work_order.completed'])).toBeVisible();
    await card.getByRole('button', { name: WEBHOOK_TEXTS.deliveries }).click();
    await expect(card.getByText(WEBHOOK_TEXTS.noDeliveries)).toBeVisible();
    await card.getByRole('button', { name: WEBHOOK_TEXTS.deleteOf(url) }).click();
    await page
      .getByRole('dialog', { name: WEBHOOK_TEXTS.confirmDeleteTitle })
      .getByRole('button', { name: WEBHOOK_TEXTS.delete })
      .click();
    await expect(page.getByText(url)).toBeHidden();
  });
});
