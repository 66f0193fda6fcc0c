import { expect, test } from '@playwright/test';
import { BILLING_TEXTS as B } from '../client/src/features/billing/texts';
import type { ValvePage } from '../common/schemas/valves';
import { TEXTS } from '../common/texts';
import { getJson } from './support/api';
import { stateFile } from './support/personas';

/** Issue 17 at 360 px: the demo's scanner, a plan change reviewed, a real emergency, the bell. */
test.use({ viewport: { width: 360, height: 800 } });

test('the demo supervisor: the banner is real, the bell has three, Emergency Protocol raises one, no camera is said', async ({
  page,
}) => {
  await page.goto('/app');
  const alert = page.getByRole('alert').filter({ hasText: TEXTS.dashboard.emergencyTitle });
  await expect(alert).toContainText('Power Plant A');
  await expect(alert).toContainText('James Okafor');
  // Three at the demo's start; the server's sweep may have added work fallen due since.
  const bell = page.getByRole('button', { name: /^Notifications: [1-9]\d* new$/ });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('Emergency in Power Plant A')).toBeVisible();
  // The emergency comes first; work names its order by number and title (issue 29).
  await expect(panel.getByRole('listitem').first()).toContainText('Emergency in Power Plant A');
  const due = panel.getByRole('button', { name: /is due within a day/ });
  await expect(due).toContainText(/WO-\d{4}-\d{4} · \S/);
  await page.screenshot({ path: 'test-results/notifications-work-order-360.png' });
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Notifications: 0 new' })).toBeVisible();
  // Opening a work notice goes to its work order.
  await page.getByRole('button', { name: 'Notifications: 0 new' }).click();
  const number = (await due.textContent())?.match(/WO-\d{4}-\d{4}/)?.[0] ?? '';
  await due.click();
  await expect(page).toHaveURL(/\/work-orders\/\d+$/);
  await expect(page.getByRole('main').getByText(number).first()).toBeVisible();
  await page.goto('/app');

  // Emergency Protocol raises one for a plant, with a reason; it shows at once.
  await page.getByRole('button', { name: 'Quick actions' }).click();
  await page.getByRole('menuitem', { name: TEXTS.fab.emergency }).click();
  const raise = page.getByRole('dialog', { name: 'Raise an emergency' });
  // The supervisor works in every plant: none is preselected away from a valve (issue 29), and none is assumed.
  await expect(raise.getByLabel('Plant')).toHaveValue('');
  await raise.getByLabel('What is happening').fill('Steam leak');
  await raise.getByRole('button', { name: 'Raise emergency' }).click();
  // The plants are the organization's (issue 30): none chosen is simply missing.
  await expect(raise.getByText('Plant is required')).toBeVisible();
  await raise.getByLabel('Plant').selectOption('Gas Plant B');
  await raise.getByLabel('What is happening').fill('Steam leak at boiler feed pump P-201, area closed');
  await raise.getByRole('button', { name: 'Raise emergency' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Gas Plant B' })).toBeVisible();

  await page.getByRole('button', { name: 'Quick actions' }).click();
  await page.getByRole('menuitem', { name: TEXTS.fab.scan }).click();
  const scanner = page.getByRole('dialog', { name: TEXTS.scanner.title });
  await expect(scanner.getByRole('button', { name: TEXTS.scanner.startCamera })).toBeVisible();
  // No camera in this browser: said plainly, and the cursor goes to the valve ID.
  await scanner.getByRole('button', { name: TEXTS.scanner.startCamera }).click();
  await expect(scanner.getByText(TEXTS.scanner.cameraUnavailable)).toBeVisible();
  await expect(scanner.getByPlaceholder(TEXTS.scanner.entryPlaceholder)).toBeFocused();
});

test.describe('the supervisor', () => {
  test("raising from a valve's screen preselects the valve's plant", async ({ page, request }) => {
    const { items } = await getJson<ValvePage>(request, '/api/valves?plant=Chemical%20Plant%20C&limit=1');
    await page.goto(`/valves/${items[0].id}`);
    await expect(page.getByText(items[0].valveId).first()).toBeVisible();
    await page.getByRole('button', { name: 'Quick actions' }).click();
    await page.getByRole('menuitem', { name: TEXTS.fab.emergency }).click();
    const raise = page.getByRole('dialog', { name: 'Raise an emergency' });
    await expect(raise.getByLabel('Plant')).toHaveValue('Chemical Plant C');
    await page.screenshot({ path: 'test-results/emergency-raise-from-valve-360.png' });
  });

  test('clears the emergency from View Details after confirming, with an all-clear note the bell tells', async ({
    page,
  }) => {
    await page.goto('/app');
    const gas = page.getByRole('alert').filter({ hasText: 'Gas Plant B' });
    await gas.getByRole('button', { name: TEXTS.dashboard.emergencyButton }).click();
    const details = page.getByRole('dialog', { name: /Gas Plant B/ });
    await expect(details).toContainText('Steam leak at boiler feed pump P-201');
    await details.getByRole('button', { name: 'Clear emergency' }).click();
    // One tap does not clear it: the supervisor confirms, and says why it is safe.
    await expect(details.getByText('Clear the emergency in Gas Plant B?')).toBeVisible();
    await details.getByRole('button', { name: 'Confirm all clear' }).click();
    await expect(details.getByText('note is required').or(details.getByText('is required'))).toBeVisible();
    await details.getByLabel('All-clear note').fill('Pump isolated, flange re-made and leak-tested; area reopened.');
    await page.screenshot({ path: 'test-results/emergency-clear-note-360.png' });
    await details.getByRole('button', { name: 'Confirm all clear' }).click();
    await expect(gas).toHaveCount(0);
    await page.reload();
    await page.getByRole('button', { name: /^Notifications: / }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('listitem').first()).toContainText('All clear in Gas Plant B');
    await expect(panel.getByText('Pump isolated, flange re-made and leak-tested; area reopened.')).toBeVisible();
    await page.screenshot({ path: 'test-results/emergency-all-clear-bell-360.png' });
  });
});

test.describe('the admin', () => {
  test.use({ storageState: stateFile('admin') });

  test('a downgrade says what is lost and when, before anything is set up', async ({ page }) => {
    await page.goto('/subscribe?plan=basic&cycle=monthly');
    await expect(page.getByText('Enterprise · annual')).toBeVisible();
    await page.getByRole('button', { name: B.reviewChange('downgrade') }).click();
    const dialog = page.getByRole('dialog', { name: B.confirmChange('downgrade') });
    await expect(dialog).toContainText('Basic covers 1 plant. The other 3 plants become read-only');
    await page.screenshot({ path: 'test-results/first-day-downgrade-360.png' });
    await dialog.getByRole('button', { name: B.cancel }).click();
    await expect(page.getByRole('form', { name: TEXTS.billing.testMode })).toHaveCount(0);
  });
});
