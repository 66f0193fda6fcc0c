import { expect, type Page, test } from '@playwright/test';
import { RELIABILITY_TEXTS } from '../client/src/features/reliability/texts';
import { WORK_ORDER_WRITE_TEXTS } from '../client/src/features/work-orders/texts';
import type { ValveReliability } from '../common/schemas/reliability';
import { getJson } from './support/api';
import { localInputHoursAgo, recordFailure, startedOrder, valveByTag } from './support/failures';

// Issue 34 on a 360 px phone, as the supervisor (who completes orders and codes failures).
test.use({ viewport: { width: 360, height: 800 } });

const F = RELIABILITY_TEXTS.failure;
const D = RELIABILITY_TEXTS.downtime;
const W = RELIABILITY_TEXTS.workOrder;
const R = RELIABILITY_TEXTS.report;

const pageIsPhoneWide = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('completing a corrective order with a failure mode and a downtime period, then seeing both on it', async ({
  page,
  request,
}) => {
  const order = await startedOrder(request, await valveByTag(request, 'V-003-CV'), 'E2E seat passing');
  await page.goto(`/work-orders/${order.id}`);

  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  const form = page.getByRole('dialog', { name: WORK_ORDER_WRITE_TEXTS.completeTitle });
  await form.getByLabel('Maintenance type').selectOption('corrective');
  await form.getByLabel('Findings').fill('Seat passing when closed.');
  await form.getByLabel('Actions performed').fill('Lapped the seat, tested tight.');

  // The mode's details show only once a mode is chosen; each option is code and words.
  const mode = form.getByRole('combobox', { name: new RegExp(`^${F.mode}`) });
  await expect(mode).toHaveValue('');
  await expect(form.getByRole('combobox', { name: new RegExp(`^${F.cause}`) })).toHaveCount(0);
  await mode.selectOption({ label: 'LCP · Leakage in closed position' });
  await form.getByRole('combobox', { name: new RegExp(`^${F.mechanism}`) }).selectOption({ label: '2.3 · Erosion' });
  await expect(form.getByLabel(new RegExp(`^${F.failedAt}`))).toBeVisible();

  // A period half filled is named before anything is sent.
  await form.getByRole('button', { name: D.add }).click();
  await form.getByLabel(new RegExp(`^${D.from}`)).fill(localInputHoursAgo(5));
  await form.getByRole('button', { name: WORK_ORDER_WRITE_TEXTS.completeSubmit }).click();
  await expect(form.getByText(`${D.to} is required`)).toBeVisible();
  await form.getByLabel(new RegExp(`^${D.to}`)).fill(localInputHoursAgo(1));
  await form.getByLabel(new RegExp(`^${D.reason}`)).fill('Isolated for seat lapping');
  await pageIsPhoneWide(page);
  await form.getByRole('button', { name: WORK_ORDER_WRITE_TEXTS.completeSubmit }).click();
  await expect(form).toBeHidden();

  const failure = page.getByRole('region', { name: W.failureTitle });
  await expect(failure).toContainText('LCP · Leakage in closed position');
  await expect(failure).toContainText('2.3 · Erosion');
  const periods = page.getByRole('list', { name: W.downtimeTitle });
  await expect(periods.getByRole('listitem')).toHaveCount(1);
  await expect(periods).toContainText('Isolated for seat lapping');
  await expect(periods).toContainText(W.hours(4));
  await pageIsPhoneWide(page);

  // The supervisor codes failures: the mode is corrected later.
  await failure.getByRole('button', { name: W.edit }).click();
  const edit = page.getByRole('form', { name: W.editTitle });
  await edit
    .getByRole('combobox', { name: new RegExp(`^${F.mode}`) })
    .selectOption({ label: 'INL · Internal leakage' });
  await edit.getByRole('button', { name: W.save }).click();
  await expect(edit).toBeHidden();
  await expect(failure).toContainText('INL · Internal leakage');

  // A period overlapping the first is refused with the server's words, on the form.
  await page.getByRole('button', { name: W.addTitle }).click();
  const add = page.getByRole('form', { name: W.addTitle });
  await add.getByLabel(new RegExp(`^${D.from}`)).fill(localInputHoursAgo(3));
  await add.getByLabel(new RegExp(`^${D.to}`)).fill(localInputHoursAgo(2));
  await add.getByLabel(new RegExp(`^${D.reason}`)).fill('Second isolation');
  await add.getByRole('button', { name: W.addTitle }).click();
  // The server names the period it overlaps; its message lands on the field it is about.
  await expect(add.getByText(/overlaps the downtime/)).toBeVisible();
  await add.getByRole('button', { name: W.cancel }).click();

  await periods.getByRole('button', { name: /^Remove downtime from/ }).click();
  await expect(page.getByText(W.noDowntime)).toBeVisible();
});

test('the bad actors: chart, ranked table with downloads, and the groups by another grouping', async ({
  page,
  request,
}) => {
  // The demo has its own bad actors; this run adds a failure to a valve to see it on the valve too.
  const valve = await valveByTag(request, 'V-004-NV');
  await recordFailure(request, valve, 'LCP', 20);
  const [top] = await getJson<ValveReliability[]>(request, '/api/reliability/bad-actors');
  if (!top) throw new Error('the demo and this run have failures in the last twelve months');

  await page.goto('/reliability');
  await expect(page.getByRole('heading', { name: R.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('figure', { name: /^Failures per valve, worst first/ })).toBeVisible();
  const first = page.getByRole('list', { name: R.badActors }).getByRole('listitem').first();
  await expect(first).toContainText(R.failuresCount(top.failures));
  await expect(first).toContainText(R.mtbf);
  await expect(first.getByRole('link', { name: top.valve.valveId })).toHaveAttribute('href', `/valves/${top.valveId}`);
  await pageIsPhoneWide(page);

  const csv = page.getByRole('link', { name: `Export ${R.exportWhat} as CSV` });
  await expect(csv).toHaveAttribute('href', /^\/api\/exports\/bad-actors\?.*format=csv/);

  await page.getByRole('combobox', { name: new RegExp(`^${R.groupBy}`) }).selectOption('manufacturer');
  await expect(page).toHaveURL(/groupBy=manufacturer/);
  const groups = page.getByRole('list', { name: R.groupsTitle(R.groups.manufacturer) });
  await expect(groups.getByRole('listitem').first()).toBeVisible();
  await expect(groups.getByRole('list', { name: R.modes }).first()).toBeVisible();
  await pageIsPhoneWide(page);

  // The valve lists its failures, newest first, each linked to its order.
  await page.goto(`/valves/${valve}?tab=maintenance`);
  const failures = page.getByRole('list', { name: RELIABILITY_TEXTS.valve.title });
  await expect(failures.getByRole('listitem').first()).toContainText('LCP · Leakage in closed position');
  await pageIsPhoneWide(page);
});

test('a plant adds its own failure code beside the standard ones; a standard code’s name is refused', async ({
  page,
}) => {
  const O = RELIABILITY_TEXTS.ownCodes;
  await page.goto('/reliability');
  const own = page.getByRole('region', { name: O.title });
  await own.getByRole('button', { name: O.add }).click();
  const form = page.getByRole('dialog', { name: O.add });
  await form.getByRole('combobox', { name: O.kind }).selectOption('mechanism');
  // A standard code's name is refused on the field, in the server's words.
  await form.getByRole('textbox', { name: O.code, exact: true }).fill('2.3');
  await form.getByRole('textbox', { name: O.label, exact: true }).fill('Our erosion');
  await form.getByRole('button', { name: O.add }).click();
  await expect(form.getByText(/is a standard ISO 14224 code/)).toBeVisible();
  await form.getByRole('textbox', { name: O.code, exact: true }).fill('X-FINES');
  await form.getByRole('textbox', { name: O.label, exact: true }).fill('Catalyst fines erosion');
  await form.getByRole('button', { name: O.add }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('list', { name: O.title })).toContainText('X-FINES · Catalyst fines erosion');
  await pageIsPhoneWide(page);
});
