import { expect, test } from '@playwright/test';
import { AUTH_TEXTS } from '../client/src/features/auth/texts';
import { WORK_ORDER_WRITE_TEXTS } from '../client/src/features/work-orders/texts';
import { SIGNING_TEXTS } from '../common/offline-signing';
import type { Signature, SigningKey } from '../common/schemas/signatures';
import type { WorkOrderDetail } from '../common/schemas/work-orders';
import { TEXTS } from '../common/texts';
import { getJson } from './support/api';
import { startedOrder, valveByTag } from './support/failures';
import { downloadForOffline } from './support/offline';
import { DEMO_PASSWORD, PERSONAS, SIGNED_OUT, stateFile } from './support/personas';

/**
 * Issue 29 with no signal: a technician who signed in on this phone completes a kept work order at the valve and
 * signs it with their password; the phone signs it with its own key (decisions/121), a wrong password is refused
 * there and then, and back in signal the one queued completion lands signed in their name.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 800 }, storageState: SIGNED_OUT });
const port = process.env.E2E_PORT ?? 'default';

test('signs a completion with no signal; the server checks it when the signal returns', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const supervisor = await playwright.request.newContext({ baseURL, storageState: stateFile('supervisor') });
  const order = await startedOrder(
    supervisor,
    await valveByTag(supervisor, 'V-003-CV'),
    'E2E gland leak, signed offline',
  );

  await page.goto('/login');
  const signIn = page.getByRole('form', { name: AUTH_TEXTS.signIn.title });
  await signIn.getByLabel(new RegExp(`^${AUTH_TEXTS.signIn.email}`)).fill(PERSONAS.technician.email);
  await signIn.getByLabel(new RegExp(`^${AUTH_TEXTS.signIn.password}`)).fill(DEMO_PASSWORD);
  await signIn.getByRole('button', { name: AUTH_TEXTS.signIn.submit }).click();
  await expect(page).not.toHaveURL(/\/login/);
  // Signing in gave the phone its key: kept on the phone, its public half registered with the server.
  const keptKeyId = () =>
    page.evaluate(
      () =>
        new Promise<number | null>((resolve) => {
          const open = indexedDB.open('valveops-offline');
          open.onsuccess = () => {
            const rows = open.result.transaction('offlineData').objectStore('offlineData').getAll();
            rows.onsuccess = () =>
              resolve(
                (rows.result as { key: string; data: { keyId: number } }[]).find((r) =>
                  r.key.startsWith('/api/signing-keys/device/'),
                )?.data.keyId ?? null,
              );
          };
          open.onerror = () => resolve(null);
        }),
    );
  await expect.poll(keptKeyId, { timeout: 20_000 }).not.toBeNull();
  const registered = await getJson<SigningKey[]>(page.request, '/api/signing-keys');
  expect(registered.map((k) => k.id)).toContain(await keptKeyId());

  await downloadForOffline(page);
  await context.setOffline(true);
  await page.goto(`/work-orders/${order.id}`);
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  const form = page.getByRole('dialog', { name: WORK_ORDER_WRITE_TEXTS.completeTitle });
  await form.getByLabel('Findings').fill('Gland weeping at 2 drops a minute.');
  await form.getByLabel('Actions performed').fill('Tightened the gland nuts a flat, leak stopped.');
  await form.getByLabel('Your password').fill('not-my-password');
  await form.getByRole('button', { name: WORK_ORDER_WRITE_TEXTS.completeSubmit }).click();
  await expect(form).toContainText('The password is not correct: nothing was signed.');
  await form.getByLabel('Your password').fill(DEMO_PASSWORD);
  await page.screenshot({ path: `test-results/offline-sign-360-${port}.png` });
  await form.getByRole('button', { name: WORK_ORDER_WRITE_TEXTS.completeSubmit }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(TEXTS.offline.savedOnDevice, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await context.setOffline(false);
  await expect
    .poll(async () => (await getJson<WorkOrderDetail>(supervisor, `/api/work-orders/${order.id}`)).status, {
      timeout: 30_000,
    })
    .toBe('completed');
  const signatures = await getJson<Signature[]>(
    supervisor,
    `/api/signatures?entityType=work_order&entityId=${order.id}`,
  );
  expect(signatures).toEqual([
    expect.objectContaining({
      printedName: PERSONAS.technician.name,
      meaning: 'performed',
      kind: 'signature',
      signedOffline: true,
    }),
  ]);
  await page.reload();
  const signed = page.getByRole('region', { name: 'Signatures' }).getByTestId('signature');
  await expect(signed.locator('p').first()).toHaveText(new RegExp(`^${PERSONAS.technician.name} · .+ · Performed$`));
  await expect(signed).toContainText(SIGNING_TEXTS.signedOffline);
  await page.screenshot({ path: `test-results/offline-signed-360-${port}.png`, fullPage: true });
  await supervisor.dispose();
});
