import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { BILLING_TEXTS as B } from '../client/src/features/billing/texts';
import { PRICING } from '../common/billing';
import { TEXTS } from '../common/texts';
import { stateFile } from './support/personas';

/**
 * Plans and purchases through the sandbox provider (no Stripe keys), as the admin of the demo organization, which is
 * on annual Enterprise. The downgrade paid for here waits for the end of that year, so the other specs keep every
 * feature.
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

  test('a downgrade is reviewed, confirmed and paid; a decline stays in the form; the plan in force stays', async ({
    page,
  }) => {
    const setups: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/create-subscription')) setups.push(r.postData() ?? '');
    });
    await page.goto('/pricing');
    await plan(page, 'Professional')
      .getByRole('link', { name: B.startTrial('Professional') })
      .click();
    await expect(page).toHaveURL(/\/subscribe\?plan=professional&cycle=monthly$/);
    await expect(page.getByText(B.currentPlan)).toBeVisible();
    await expect(page.getByText('Enterprise · annual')).toBeVisible();
    // The plan in force, annual Enterprise, is not sold again.
    await page.getByRole('radio', { name: /Enterprise/ }).check();
    await page.getByRole('button', { name: `${T.annual} ${PRICING.annualSavingsLabel}` }).click();
    await expect(page.getByText(B.isCurrentPlan)).toBeVisible();
    await page.getByRole('radio', { name: /Professional/ }).check();
    // Looking at plans sets nothing up.
    expect(setups).toEqual([]);
    await page.getByRole('button', { name: B.reviewChange('downgrade') }).click();
    const dialog = page.getByRole('dialog', { name: B.confirmChange('downgrade') });
    await expect(dialog).toContainText('Professional covers 2 plants. The other 2 plants become read-only');
    await expect(dialog).toContainText('API access ends.');
    await expect(dialog).toContainText('The Complete Manual Library download is no longer included');
    await expect(dialog).toContainText('when the period you paid for ends');
    await dialog.getByRole('button', { name: B.confirmChange('downgrade') }).click();
    await expect
      .poll(() => setups.map((s) => JSON.parse(s)))
      .toEqual([{ planId: 'professional', billingCycle: 'annual', confirmChange: true }]);

    await payWith(page, '4000 0000 0000 0002', B.confirmChange('downgrade'));
    await expect(toastWith(page, T.subscriptionFailed)).toBeVisible();
    // The toast goes; the message stays in the form.
    await expect(page.getByRole('form', { name: T.testMode }).getByRole('alert')).toHaveText('Your card was declined.');

    await payWith(page, '4242 4242 4242 4242', B.confirmChange('downgrade'));
    await expect(toastWith(page, T.subscriptionSucceeded)).toBeVisible();
    await expect(page).toHaveURL(/\/success\?plan=professional&setup_intent=sbx_seti_\w+/);
    await expect(page.getByRole('heading', { level: 1, name: T.successTitle })).toBeVisible();
    // Enterprise stays in force until its period ends: its library is still there.
    const library = page.getByRole('link', { name: B.download('Complete Manual Library') });
    await expect(library).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: B.download('Emergency Response Kit') }).click(),
    ]);
    // A real PDF, written from the organization's valves (issue 29: it was a .txt file).
    expect(download.suggestedFilename()).toBe('valveops-emergency-response-kit.pdf');
    const text = execFileSync('pdftotext', [await download.path(), '-']).toString();
    expect(text).toContain('V-001-BV');
  });

  test('checkout does not sell what the plan includes; /success without a payment says so', async ({ page }) => {
    await page.goto('/checkout?package=emergency-kit');
    await expect(page.getByText(B.included('Emergency Response Kit', 'Enterprise'))).toBeVisible();
    await expect(page.getByRole('form', { name: T.testMode })).toHaveCount(0);
    await page.goto('/success');
    await expect(page.getByRole('heading', { level: 1, name: B.noPaymentTitle })).toBeVisible();
    await expect(page.getByText(T.successTitle)).toHaveCount(0);
  });

  test('the billing screen shows the plan, the change waiting, and no abandoned set-ups', async ({ page }) => {
    await page.goto('/admin/billing');
    await expect(page.getByRole('heading', { level: 1, name: B.accountTitle })).toBeVisible();
    await expect(page.getByText('Enterprise', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Professional starts on /)).toBeVisible();
    await expect(page.getByRole('list', { name: B.historyHeading })).not.toContainText('Canceled');
  });
});
