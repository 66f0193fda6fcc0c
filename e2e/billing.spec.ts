import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { BILLING_TEXTS as B } from '../client/src/features/billing/texts';
import { PRICING } from '../common/billing';
import { TEXTS } from '../common/texts';
import { stateFile } from './support/personas';

/**
 * Plans and purchases through the sandbox provider (no Stripe keys), as the admin. The subscription chosen here is
 * Enterprise, the demo organization's own plan, so the other specs keep every feature.
 */

const T = TEXTS.billing;
const toastWith = (page: Page, text: string) => page.getByRole('region', { name: /^Notifications/ }).getByText(text);
const plan = (page: Page, name: string) => page.getByRole('group', { name });

async function payWith(page: Page, cardNumber: string, submit: string) {
  const form = page.getByRole('form', { name: T.testMode });
  await expect(form).toBeVisible();
  await form.getByLabel(B.cardNumber).fill(cardNumber);
  await form.getByLabel(B.expiry).fill('12 / 34');
  await form.getByLabel(B.cvc).fill('123');
  await form.getByRole('button', { name: submit }).click();
}

test('pricing shows the toggle, three plans, two products, the trust line and the trial', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: T.pricingTitle })).toBeVisible();
  await expect(page.getByText(PRICING.annualSavingsLabel)).toBeVisible();
  await expect(plan(page, 'Basic')).toContainText('$29/month');
  await expect(plan(page, 'Professional')).toContainText(T.mostPopular);
  await expect(plan(page, 'Enterprise')).toContainText('$199/month');
  await page.getByRole('button', { name: `${T.annual} ${PRICING.annualSavingsLabel}` }).click();
  await expect(plan(page, 'Basic')).toContainText('$290/year');
  await expect(plan(page, 'Professional')).toContainText('$790/year');
  await expect(plan(page, 'Enterprise')).toContainText('$1,990/year');
  await expect(page.getByRole('group', { name: 'Complete Manual Library' })).toContainText('$499');
  await expect(page.getByRole('group', { name: 'Emergency Response Kit' })).toContainText('$149');
  for (const item of T.trust) await expect(page.getByText(item, { exact: true })).toBeVisible();
  await expect(page.getByText(T.trial(7), { exact: true }).first()).toBeVisible();
  await plan(page, 'Enterprise')
    .getByRole('link', { name: B.startTrial('Enterprise') })
    .click();
  await expect(page).toHaveURL(/\/subscribe\?plan=enterprise&cycle=annual$/);
});

test('only an admin can pay: the supervisor is told whom to ask', async ({ page }) => {
  await page.goto('/subscribe');
  await expect(page.getByText(B.adminOnly)).toBeVisible();
  await expect(page.getByRole('form', { name: T.testMode })).toHaveCount(0);
});

test.describe('as the admin', () => {
  test.use({ storageState: stateFile('admin') });

  test('pricing → subscribe → pay with 4242 → /success → downloads after the preparing delay', async ({ page }) => {
    await page.goto('/pricing');
    await plan(page, 'Professional')
      .getByRole('link', { name: B.startTrial('Professional') })
      .click();
    await expect(page).toHaveURL(/\/subscribe\?plan=professional&cycle=monthly$/);
    await expect(page.getByRole('radio', { name: /Professional/ })).toBeChecked();
    await expect(page.getByRole('form', { name: T.testMode })).toBeVisible();
    // Changing plan and cycle sets the payment up again.
    const setups: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/create-subscription')) setups.push(r.postData() ?? '');
    });
    await page.getByRole('radio', { name: /Enterprise/ }).check();
    await page.getByRole('button', { name: `${T.annual} ${PRICING.annualSavingsLabel}` }).click();
    await expect(page).toHaveURL(/plan=enterprise&cycle=annual$/);
    await expect
      .poll(() => setups.map((s) => JSON.parse(s)))
      .toContainEqual({ planId: 'enterprise', billingCycle: 'annual' });
    await payWith(page, '4242 4242 4242 4242', B.startSubscription);

    await expect(toastWith(page, T.subscriptionSucceeded)).toBeVisible();
    await expect(page).toHaveURL(/\/success\?plan=enterprise&setup_intent=sbx_seti_\w+/);
    await expect(page.getByRole('heading', { level: 1, name: T.successTitle })).toBeVisible();
    await expect(page.getByText(T.preparing)).toBeVisible();
    const kit = page.getByRole('link', { name: B.download('Emergency Response Kit') });
    await expect(kit).toBeHidden();
    await expect(kit).toBeVisible();
    await expect(page.getByRole('link', { name: B.download('Complete Manual Library') })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), kit.click()]);
    expect(download.suggestedFilename()).toBe('valveops-emergency-response-kit.txt');
    const text = await readFile(await download.path(), 'utf8');
    expect(text).toContain('Emergency Response Kit');
    expect(text).toContain('V-001-BV');
    await expect(page.getByRole('link', { name: T.toDashboard })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('link', { name: T.toValves })).toHaveAttribute('href', '/valves');
  });

  test("a declined card shows 'Payment Failed' with the provider's message; a good one buys the product", async ({
    page,
  }) => {
    await page.goto('/pricing');
    await page
      .getByRole('group', { name: 'Emergency Response Kit' })
      .getByRole('link', { name: B.buy('Emergency Response Kit') })
      .click();
    await expect(page).toHaveURL(/\/checkout\?package=emergency-kit$/);
    await expect(page.getByRole('radio', { name: /Emergency Response Kit/ })).toBeChecked();
    await payWith(page, '4000 0000 0000 0002', B.payNow('$149'));
    await expect(toastWith(page, T.paymentFailed)).toBeVisible();
    await expect(toastWith(page, 'Your card was declined.')).toBeVisible();
    await expect(page).toHaveURL(/\/checkout/);

    await payWith(page, '4242 4242 4242 4242', B.payNow('$149'));
    await expect(toastWith(page, T.paymentSucceeded)).toBeVisible();
    await expect(page).toHaveURL(/\/success\?product=emergency-kit&payment_intent=sbx_pi_\w+/);
    await expect(page.getByRole('link', { name: B.download('Emergency Response Kit') })).toBeVisible();
  });

  test('the billing screen shows the plan, the trial end and the purchases', async ({ page }) => {
    await page.goto('/admin/billing');
    await expect(page.getByRole('heading', { level: 1, name: B.accountTitle })).toBeVisible();
    await expect(page.getByText('Enterprise', { exact: true })).toBeVisible();
    await expect(page.getByText(B.trialEnds)).toBeVisible();
    const purchases = page.getByRole('list', { name: B.purchasesHeading });
    await expect(purchases.getByRole('listitem').filter({ hasText: 'Paid' }).first()).toContainText(
      'Emergency Response Kit',
    );
    // The declined attempt and the good one were the same payment: it ends paid, as with Stripe.
    await expect(purchases.getByText('Your card was declined.')).toHaveCount(0);
    await expect(page.getByRole('list', { name: B.historyHeading })).toContainText('Canceled');
  });
});
