import { expect, type Page, test } from '@playwright/test';
import { COST_TEXTS } from '../client/src/features/costs/texts';
import { LABOR_TEXTS } from '../client/src/features/labor/texts';
import { PARTS_TEXTS } from '../client/src/features/parts/texts';
import type { Part } from '../common/schemas/parts';
import type { ValveDetail } from '../common/schemas/valves';
import type { WorkOrderSummary } from '../common/schemas/work-orders';
import { getJson } from './support/api';
import { stockedPart } from './support/parts';
import { stateFile } from './support/personas';

// Issue 33 on a 360 px phone: a technician takes a part for a work order and logs hours on it; a supervisor
// receives stock and corrects a count.
test.use({ viewport: { width: 360, height: 800 } });

const W = PARTS_TEXTS.workOrder;

const pageIsPhoneWide = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test.describe('a technician on a work order', () => {
  test.use({ storageState: stateFile('technician') });

  test('adds a part that fits the valve, issues it, logs an hour and a half and runs the timer', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const supervisor = await playwright.request.newContext({ baseURL, storageState: stateFile('supervisor') });
    const orders = await getJson<WorkOrderSummary[]>(supervisor, '/api/work-orders');
    const order = orders.find((o) => o.status === 'in_progress' || o.status === 'pending');
    if (!order) throw new Error('the demo has open work orders');
    const valve = await getJson<ValveDetail>(supervisor, `/api/valves/${order.valve.id}`);
    const { part, store } = await stockedPart(supervisor, valve.plant, valve.model, 4);

    await page.goto(`/work-orders/${order.id}`);
    await page.getByRole('tab', { name: 'Parts & Labor' }).click();

    // The part that fits the valve is offered without a search.
    await page.getByRole('button', { name: W.add }).click();
    const add = page.getByRole('form', { name: W.addDialog.title });
    await add
      .getByRole('combobox', { name: new RegExp(`^${W.addDialog.part}`) })
      .selectOption({ label: `${part.partNumber} · ${part.name} (4 each)` });
    await add
      .getByRole('combobox', { name: new RegExp(`^${W.addDialog.store}`) })
      .selectOption({ label: W.addDialog.storeOption(store.name, '4 each') });
    await add.getByRole('textbox', { name: new RegExp(`^${W.addDialog.quantity}`) }).fill('2');
    await add.getByRole('button', { name: W.addDialog.submit }).click();
    const lines = page.getByRole('list', { name: W.title });
    const line = lines.getByRole('listitem').filter({ hasText: part.partNumber });
    await expect(line.getByText(W.line('2 each', '0 each'))).toBeVisible();

    await line.getByRole('button', { name: W.issue }).click();
    const issue = page.getByRole('form', { name: W.moveDialog.issueTitle(part.partNumber) });
    await expect(issue.getByLabel(W.moveDialog.quantity)).toHaveValue('2');
    await issue.getByRole('button', { name: W.moveDialog.issueSubmit }).click();
    await expect(line.getByText(W.line('0 each', '2 each'))).toBeVisible();
    await expect(line.getByText('$241.00')).toBeVisible();

    await page.getByRole('button', { name: LABOR_TEXTS.log }).click();
    const log = page.getByRole('form', { name: LABOR_TEXTS.logDialog.title });
    await log.getByLabel(LABOR_TEXTS.logDialog.hours).fill('1');
    await log.getByLabel(LABOR_TEXTS.logDialog.minutes).fill('30');
    await log.getByLabel(LABOR_TEXTS.logDialog.note).fill('Lapped the seat');
    await log.getByRole('button', { name: LABOR_TEXTS.logDialog.submit }).click();
    const hours = page.getByRole('list', { name: LABOR_TEXTS.title });
    await expect(hours.getByText('Lapped the seat')).toBeVisible();
    await expect(hours.getByRole('listitem').filter({ hasText: 'Lapped the seat' })).toContainText('1 h 30 min');

    await page.getByRole('button', { name: LABOR_TEXTS.start }).click();
    await expect(page.getByRole('timer')).toContainText('Timer running: 00:00:0');
    await pageIsPhoneWide(page);
    await page.getByRole('button', { name: LABOR_TEXTS.stop }).click();
    await expect(page.getByRole('button', { name: LABOR_TEXTS.start })).toBeVisible();

    await expect(page.getByRole('region', { name: COST_TEXTS.workOrderTitle })).toContainText('$241.00');
    const stock = await getJson<Part>(supervisor, `/api/parts/${part.id}`);
    expect(stock).toMatchObject({ onHand: 2, reserved: 0, available: 2 });
    await supervisor.dispose();
  });
});

test.describe('a supervisor at the store', () => {
  test.use({ storageState: stateFile('supervisor') });

  test('finds a part, receives a delivery and corrects the count, at 360 px', async ({ page, request }) => {
    const { part, store } = await stockedPart(request, 'Power Plant A', 'Fisher E-body', 3);
    await page.goto('/parts');
    await page.getByRole('searchbox').fill(part.partNumber);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: new RegExp(part.partNumber) }).click();
    await expect(page.getByRole('heading', { name: new RegExp(part.partNumber) })).toBeVisible();

    await page.getByRole('button', { name: PARTS_TEXTS.receive }).click();
    const receive = page.getByRole('form', { name: PARTS_TEXTS.receiveDialog.title(part.partNumber) });
    await receive.getByLabel(PARTS_TEXTS.receiveDialog.store).selectOption({ label: `${store.name} (Power Plant A)` });
    await receive.getByLabel(PARTS_TEXTS.receiveDialog.quantity).fill('5');
    await receive.getByLabel(PARTS_TEXTS.receiveDialog.reference).fill('PO-4471');
    await receive.getByRole('button', { name: PARTS_TEXTS.receiveDialog.submit }).click();
    const stores = page.getByRole('list', { name: PARTS_TEXTS.stores });
    await expect(stores.getByRole('listitem').filter({ hasText: store.name })).toContainText('8');

    await page.getByRole('button', { name: PARTS_TEXTS.adjust }).click();
    const adjust = page.getByRole('form', { name: PARTS_TEXTS.adjustDialog.title(part.partNumber) });
    await adjust.getByLabel(PARTS_TEXTS.adjustDialog.store).selectOption({ label: `${store.name} (Power Plant A)` });
    await expect(adjust.getByText(PARTS_TEXTS.adjustDialog.countedHint('8 each'))).toBeVisible();
    await adjust.getByLabel(PARTS_TEXTS.adjustDialog.counted).fill('7');
    await adjust.getByLabel(PARTS_TEXTS.adjustDialog.reason).fill('One cracked in the crib, scrapped');
    await adjust.getByRole('button', { name: PARTS_TEXTS.adjustDialog.submit }).click();
    const movements = page.getByRole('list', { name: PARTS_TEXTS.movements });
    await expect(movements.getByText('One cracked in the crib, scrapped')).toBeVisible();
    await expect(movements.getByRole('listitem').first()).toContainText(PARTS_TEXTS.movementKinds.adjustment);
    await pageIsPhoneWide(page);
    expect((await request.get(`/api/parts/${part.id}`).then((r) => r.json())) as Part).toMatchObject({ onHand: 7 });
  });
});

test.describe('a supervisor keeping rates and invoices', () => {
  test.use({ storageState: stateFile('supervisor') });

  test('adds an hourly rate and a contractor’s invoice, and the work order’s cost counts it', async ({
    page,
    request,
  }) => {
    const R = LABOR_TEXTS.rates;
    await page.goto('/admin/labor-rates');
    await page.getByRole('button', { name: R.add }).click();
    const rate = page.getByRole('form', { name: R.dialogTitle });
    await rate.getByRole('combobox', { name: new RegExp(`^${R.forWhom}`) }).selectOption({ label: R.role('engineer') });
    await rate.getByRole('textbox', { name: new RegExp(`^${R.hourlyRate}`) }).fill('101.5');
    await rate.getByRole('button', { name: R.submit }).click();
    await expect(page.getByRole('list', { name: R.title })).toContainText('$101.50/h');

    const orders = await getJson<WorkOrderSummary[]>(request, '/api/work-orders');
    const order = orders.find((o) => o.status === 'in_progress') ?? orders[0];
    const before = (await getJson<{ contractor: number }>(request, `/api/work-orders/${order.id}/cost`)).contractor;
    await page.goto(`/work-orders/${order.id}?tab=parts-labor`);
    const C = LABOR_TEXTS.contractors;
    await page.getByRole('button', { name: C.add }).click();
    const invoice = page.getByRole('form', { name: C.dialogTitle });
    await invoice.getByRole('textbox', { name: new RegExp(`^${C.supplier}`) }).fill('Gulf Coast Valve Services');
    await invoice.getByRole('textbox', { name: new RegExp(`^${C.invoiceNumber}`) }).fill('GCV-2231');
    await invoice.getByRole('textbox', { name: new RegExp(`^${C.amount}`) }).fill('1,250.00');
    await invoice.getByRole('button', { name: C.submit }).click();
    await expect(page.getByRole('list', { name: C.title })).toContainText('GCV-2231');
    await pageIsPhoneWide(page);
    const after = (await getJson<{ contractor: number }>(request, `/api/work-orders/${order.id}/cost`)).contractor;
    expect(after).toBeCloseTo(before + 1250, 2);
  });
});
