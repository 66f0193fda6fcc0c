import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ALARM_TEXTS } from '../client/src/features/alarms/texts';
import type { Alarm, AlarmList, AlarmPerformance } from '../common/schemas/alarms';
import { getJson } from './support/api';
import { PERSONAS, stateFile } from './support/personas';

// Issue 35 on a 360 px phone: the control room's alarm list against the real server and the demo's alarms.
const PHONE = { width: 360, height: 800 };
test.use({ viewport: PHONE });

const L = ALARM_TEXTS.list;
const A = ALARM_TEXTS.actions;
const S = ALARM_TEXTS.shelve;
const P = ALARM_TEXTS.performance;

const pageIsPhoneWide = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

const openAlarms = (request: APIRequestContext) => getJson<AlarmList>(request, '/api/alarms?view=open');

/** The first open alarm the test may use, as the server lists it now: the demo has a few, some unacknowledged. */
async function firstAlarm(request: APIRequestContext, what: string, fits: (alarm: Alarm) => boolean) {
  const alarm = (await openAlarms(request)).items.find(fits);
  expect(alarm, `the demo has an open alarm that is ${what}`).toBeDefined();
  return alarm as Alarm;
}

const cardOf = (page: Page, alarm: Alarm) => page.getByTestId(`alarm-card-${alarm.id}`);
const toastWith = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(text);

test("the list keeps the server's order; a supervisor acknowledges an alarm, then shelves it with a reason", async ({
  page,
  request,
}) => {
  const alarm = await firstAlarm(request, 'unacknowledged', (a) => a.state === 'unacknowledged');
  await page.goto('/alarms');
  const list = page.getByRole('list', { name: L.label });
  await expect(list.getByRole('listitem').first()).toBeVisible();

  // Unacknowledged first, by priority, then time: the server's order, not re-sorted on the phone.
  const shown = await page
    .locator('[data-testid^="alarm-card-"]')
    .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-testid')?.replace('alarm-card-', ''))));
  const listed = await openAlarms(request);
  expect(shown).toEqual(listed.items.map((a) => a.id));
  await expect(page.getByRole('list', { name: L.counts })).toContainText(
    L.count.unacknowledged(listed.counts.unacknowledged),
  );
  await pageIsPhoneWide(page);

  const card = cardOf(page, alarm);
  await expect(card.getByRole('link', { name: alarm.valveTag, exact: true })).toHaveAttribute(
    'href',
    `/valves/${alarm.valveId}`,
  );
  await expect(card.getByTestId('alarm-state')).toHaveText(ALARM_TEXTS.states.unacknowledged);
  const acknowledge = card.getByRole('button', { name: A.acknowledge, exact: true });
  // A gloved thumb's target: at least 44 px tall.
  expect((await acknowledge.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await acknowledge.click();
  await expect(toastWith(page, A.acknowledged(alarm.valveTag))).toBeVisible();
  await expect(card.getByTestId('alarm-state')).toHaveText(ALARM_TEXTS.states.acknowledged);
  await expect(card.getByRole('button', { name: A.acknowledge, exact: true })).toHaveCount(0);
  await expect(card).toContainText(PERSONAS.supervisor.name);

  // Shelving asks for a reason: the contract's rule, said on the field before anything is sent.
  await card.getByRole('button', { name: A.shelve, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: S.title(alarm.valveTag) });
  await dialog.getByRole('button', { name: S.submit, exact: true }).click();
  await expect(dialog.getByText(`${S.reason} is required`)).toBeVisible();
  await dialog.getByRole('radio', { name: new RegExp(`^${S.durationLabel(240)}`) }).check();
  const reason = `E2E transmitter under calibration ${Date.now()}`;
  await dialog.getByLabel(new RegExp(`^${S.reason}`)).fill(reason);
  await pageIsPhoneWide(page);
  await dialog.getByRole('button', { name: S.submit, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('alarm-state')).toContainText(/^Shelved until .+ — /);
  await expect(card.getByTestId('alarm-state')).toContainText(reason);

  const shelved = (await openAlarms(request)).items.find((a) => a.id === alarm.id);
  expect(shelved?.state).toBe('shelved');
  expect(shelved?.shelveReason).toBe(reason);
  expect(shelved?.acknowledgedBy?.name).toBe(PERSONAS.supervisor.name);
  const minutesShelved = (Date.parse(shelved?.shelvedUntil ?? '') - Date.now()) / 60_000;
  expect(minutesShelved).toBeGreaterThan(230);
  expect(minutesShelved).toBeLessThanOrEqual(240);

  // Back on the list before its time is up.
  await card.getByRole('button', { name: A.unshelve, exact: true }).click();
  await expect(toastWith(page, A.unshelved(alarm.valveTag))).toBeVisible();
  await expect(card.getByTestId('alarm-state')).toHaveText(ALARM_TEXTS.states.acknowledged);
  await pageIsPhoneWide(page);
});

test.describe('as a technician', () => {
  test.use({ storageState: stateFile('technician') });

  test('one tap raises a work order from an alarm, and the card links to it', async ({ page, request }) => {
    const alarm = await firstAlarm(request, 'without a work order', (a) => a.workOrder === null);
    await page.goto('/alarms');
    const card = cardOf(page, alarm);
    await expect(card).toBeVisible();
    // A technician acknowledges and raises work; shelving is a supervisor's or engineer's decision.
    await expect(card.getByRole('button', { name: A.shelve, exact: true })).toHaveCount(0);

    await card.getByRole('button', { name: A.workOrder, exact: true }).click();
    await expect(
      toastWith(page, new RegExp(`^Work order WO-\\d{4}-\\d{4,} raised for ${alarm.valveTag}$`)),
    ).toBeVisible();
    const link = card.getByRole('link', { name: /^Work order WO-/ });
    await expect(link).toBeVisible();
    await expect(card.getByRole('button', { name: A.workOrder, exact: true })).toHaveCount(0);
    await pageIsPhoneWide(page);

    const linked = (await getJson<AlarmList>(request, '/api/alarms?view=all&limit=500')).items.find(
      (a) => a.id === alarm.id,
    );
    expect(linked?.workOrder?.workOrderId).toBe((await link.textContent())?.replace('Work order ', ''));
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/work-orders/${linked?.workOrder?.id}$`));
    await expect(page.getByText(alarm.valveTag).first()).toBeVisible();
  });
});

test("the week's alarm performance shows each plant's figures, a week back, and its CSV", async ({ page, request }) => {
  const figures = await getJson<AlarmPerformance>(request, '/api/alarms/performance');
  expect(figures.plants.length).toBeGreaterThan(0);
  await page.goto('/alarms');
  await page.getByRole('link', { name: L.performance }).click();
  await expect(page.getByRole('heading', { name: P.title, level: 1 })).toBeVisible();

  for (const plant of figures.plants) {
    const region = page.getByRole('region', { name: plant.plant });
    const tiles = region.getByRole('definition');
    await expect(region.getByText(P.alarms, { exact: true })).toBeVisible();
    await expect(tiles.filter({ hasText: new RegExp(`^${plant.alarms}$`) }).first()).toBeVisible();
    if (plant.top.length > 0) {
      const top = region.getByRole('table', { name: P.topOf(plant.plant) });
      await expect(top.getByRole('row')).toHaveCount(plant.top.length + 1);
      await expect(top.getByRole('link', { name: plant.top[0].valveTag, exact: true })).toHaveAttribute(
        'href',
        `/valves/${plant.top[0].valveId}`,
      );
    } else {
      await expect(region.getByText(P.topEmpty)).toBeVisible();
    }
  }
  await pageIsPhoneWide(page);

  // A week back: the address names it, and the download is that week's.
  await page.getByRole('button', { name: P.previousWeek }).click();
  const weekBefore = new Date(Date.parse(`${figures.week}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
  await expect(page).toHaveURL(new RegExp(`week=${weekBefore}`));
  const download = page.getByRole('link', { name: /^Download the alarm figures/ });
  await expect(download).toHaveAttribute('href', `/api/alarms/performance.csv?week=${weekBefore}`);
  const csv = await request.get(`/api/alarms/performance.csv?week=${weekBefore}`);
  expect(csv.ok()).toBe(true);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain(figures.plants[0].plant);
});

test('the wall screen fills a large display with the alarms side by side, and is left by its button', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const listed = await openAlarms(request);
  await page.goto('/alarms?wall=1');
  const wall = page.getByTestId('alarm-wall');
  await expect(wall).toBeVisible();
  expect((await wall.boundingBox())?.width ?? 0).toBeGreaterThan(1880);
  const cards = page.locator('[data-testid^="alarm-card-"]');
  if (listed.items.length >= 2) {
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(second?.y).toBe(first?.y);
  } else {
    await expect(page.getByText(L.empty)).toBeVisible();
  }
  await page.getByRole('button', { name: L.leaveWall }).click();
  await expect(wall).toHaveCount(0);
  await expect(page).toHaveURL(/\/alarms$/);
});
