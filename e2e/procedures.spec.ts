import { expect, type Page, test } from '@playwright/test';
import { WORK_ORDER_WRITE_TEXTS } from '../client/src/features/work-orders/texts';
import type { ProcedureRun, ProcedureSummary } from '../common/schemas/procedures';
import type { ValveSummary } from '../common/schemas/valves';
import type { WorkOrderDetail } from '../common/schemas/work-orders';
import { getJson } from './support/api';
import { DEMO_PASSWORD, PERSONAS, stateFile } from './support/personas';

/**
 * Issue 21: a technician on a phone (360 px) fills a procedure with no signal, it syncs when the signal is back,
 * and the completion is signed with the password. The service worker runs here, as in offline.spec.ts.
 */
test.use({ serviceWorkers: 'allow', storageState: stateFile('technician'), viewport: { width: 360, height: 800 } });

const step = (page: Page, label: RegExp) => page.getByRole('listitem').filter({ has: page.getByText(label) });

test('fill a procedure offline at 360 px, sync it, raise the corrective work, sign the completion', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const request = page.request;
  const valves = await getJson<ValveSummary[]>(request, '/api/valves?q=V-003-CV');
  const created = await request.post('/api/work-orders', {
    data: { valveId: valves[0].id, title: `Stroke test ${Date.now().toString(36)}` },
  });
  const order = (await created.json()) as WorkOrderDetail;
  await request.post(`/api/work-orders/${order.id}/status`, { data: { status: 'in_progress', version: 1 } });
  const procedures = await getJson<ProcedureSummary[]>(request, '/api/procedures');
  const stroke = procedures.find((p) => p.name === 'Control valve stroke test');
  expect(
    (await request.post(`/api/work-orders/${order.id}/procedures`, { data: { procedureId: stroke?.id } })).status(),
  ).toBe(201);

  await page.goto(`/work-orders/${order.id}?tab=procedure`);
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect(step(page, /Loop in manual/)).toBeVisible();

  // No signal: each step is one queued write, shown at once as waiting to sync.
  await context.setOffline(true);
  const permit = step(page, /Loop in manual/);
  await permit.getByRole('button', { name: 'Pass' }).click();
  await expect(permit).toContainText('Waiting to sync');
  const passBox = await permit.getByRole('button', { name: 'Pass' }).boundingBox();
  expect(passBox?.height).toBeGreaterThanOrEqual(56);
  await step(page, /air supply pressure/)
    .getByRole('textbox')
    .fill('6.2');
  await step(page, /air supply pressure/)
    .getByRole('button', { name: 'Save' })
    .click();
  const opening = step(page, /closed to open/);
  await opening.getByRole('textbox').fill('9.5');
  await opening.getByRole('button', { name: 'Save' }).click();
  await expect(opening).toContainText('Outside the limits.');
  await step(page, /Noise and vibration/)
    .getByRole('button', { name: 'Slight' })
    .click();

  // Signal again: the queue drains, and the server holds the four answers.
  await context.setOffline(false);
  await expect
    .poll(
      async () => (await getJson<ProcedureRun[]>(request, `/api/work-orders/${order.id}/procedures`))[0].results.length,
      { timeout: 20_000 },
    )
    .toBe(4);
  const [run] = await getJson<ProcedureRun[]>(request, `/api/work-orders/${order.id}/procedures`);
  expect(run.results.find((r) => r.stepKey === 'open-time')).toEqual(
    expect.objectContaining({ numberValue: 9.5, failed: true }),
  );

  // The failed step offers the corrective work order, linked to it.
  await page.reload();
  await expect(opening).toContainText('Saved');
  await opening.getByRole('button', { name: 'Raise corrective work order' }).click();
  await expect(opening).toContainText(/Corrective work order WO-\d{4}-\d{4} raised\./);
  const correctiveLink = opening.getByRole('link', { name: /^WO-\d{4}-\d{4}$/ });
  const correctiveNumber = await correctiveLink.textContent();
  await correctiveLink.click();
  await expect(page.getByText(`Corrective: ${stroke?.name}`)).toBeVisible();
  await expect(page.getByText(correctiveNumber ?? 'WO-')).toBeVisible();
  await page.goBack();

  // The procedure asks for a signature: a wrong password is refused, the right one signs the completion.
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  const form = page.getByRole('dialog', { name: WORK_ORDER_WRITE_TEXTS.completeTitle });
  await form.getByLabel('Findings').fill('Opening stroke slow at 9.5 s.');
  await form.getByLabel('Actions performed').fill('Stroke tested; corrective raised for the actuator.');
  await form.getByLabel('Your password').fill('not-my-password');
  await form.getByRole('button', { name: WORK_ORDER_WRITE_TEXTS.completeSubmit }).click();
  await expect(form).toContainText('The password is not correct: nothing was signed.');
  await form.getByLabel('Your password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: WORK_ORDER_WRITE_TEXTS.completeSubmit }).click();
  await expect(form).toBeHidden();
  const signed = page.getByRole('region', { name: 'Signatures' }).getByTestId('signature');
  await expect(signed).toContainText(new RegExp(`^${PERSONAS.technician.name} · .+ · Performed$`));
  await page.screenshot({ path: 'test-results/procedures-360.png', fullPage: true });
});

test('a procedure waits at 360 px until its work order is started', async ({ page }) => {
  const request = page.request;
  const [valve] = await getJson<ValveSummary[]>(request, '/api/valves?q=V-003-CV');
  const order = (await (
    await request.post('/api/work-orders', { data: { valveId: valve.id, title: `Not yet ${Date.now().toString(36)}` } })
  ).json()) as WorkOrderDetail;
  const procedures = await getJson<ProcedureSummary[]>(request, '/api/procedures');
  const stroke = procedures.find((p) => p.name === 'Control valve stroke test');
  await request.post(`/api/work-orders/${order.id}/procedures`, { data: { procedureId: stroke?.id } });
  await page.goto(`/work-orders/${order.id}?tab=procedure`);
  await expect(page.getByRole('note').filter({ hasText: 'Start the work order to record its steps.' })).toBeVisible();
  await expect(step(page, /Loop in manual/).getByRole('button', { name: 'Pass' })).toBeDisabled();
  // Started, the steps open.
  await page.getByRole('button', { name: 'Update Status', exact: true }).click();
  await page
    .getByRole('dialog', { name: WORK_ORDER_WRITE_TEXTS.statusTitle })
    .getByRole('button', { name: /Start Work/ })
    .click();
  await expect(page.getByRole('note').filter({ hasText: 'Start the work order to record its steps.' })).toBeHidden();
  await step(page, /Loop in manual/)
    .getByRole('button', { name: 'Pass' })
    .click();
  await expect(step(page, /Loop in manual/)).toContainText('Saved');
});
