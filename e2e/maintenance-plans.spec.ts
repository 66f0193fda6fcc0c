import { expect, type Page, test } from '@playwright/test';
import { PLAN_TEXTS } from '../client/src/features/maintenance-plans/texts';
import { dayWords } from '../common/plan-words';
import type { Forecast, Plan } from '../common/schemas/maintenance-plans';
import { getJson } from './support/api';

/** A field by its label, which may carry the required mark (' *') or '(optional)'. */
const labelled = (label: string) => new RegExp(`^${label}( \\*| \\(optional\\))?$`);
const stamp = Date.now().toString(36);
const CHICAGO = 'America/Chicago';
const plantToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: CHICAGO, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );

// A supervisor on a phone, away from the plant: Berlin is 7 hours ahead of Chicago, so a plant day read as an
// instant in the viewer's zone would show the next day (issue 29: the list said Dec 7, the forecast Dec 6).
test.use({ viewport: { width: 360, height: 800 }, timezoneId: 'Europe/Berlin' });

const planNamed = async (page: Page, title: string) =>
  (await getJson<Plan[]>(page.request, '/api/maintenance-plans')).find((p) => p.title === title) as Plan;

test('a supervisor sets up a plan with an assignee and a procedure, its recurrence in words', async ({ page }) => {
  await page.goto('/plans');
  await expect(page.getByRole('heading', { name: PLAN_TEXTS.title })).toBeVisible();
  await page.getByRole('button', { name: PLAN_TEXTS.newPlan }).click();
  const form = page.getByRole('form', { name: PLAN_TEXTS.newPlan });

  await form.getByLabel(labelled('Valve tags')).fill('V-001-BV');
  await form.getByRole('button', { name: PLAN_TEXTS.save }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  const title = `Quarterly stroke test ${stamp}`;
  await form.getByLabel(labelled('Title')).fill(title);
  await form.getByLabel(labelled('Every')).fill('3');
  await form.getByLabel(labelled('On')).selectOption({ label: 'The first Monday' });
  await expect(form.getByTestId('plan-rhythm')).toContainText('Every 3 months on the first Monday, from');
  // One lead time, in days, for a calendar plan.
  await expect(form.getByLabel(labelled('Raise the work order'))).toHaveCount(1);
  await form.getByLabel(labelled('Raise the work order')).fill('10');
  await form.getByLabel(labelled('Assign to')).selectOption({ label: 'Maria Santos (Technician)' });
  await form.getByLabel(labelled('Procedure')).selectOption({ index: 1 });
  const procedure = (await form.getByLabel(labelled('Procedure')).locator('option:checked').textContent()) ?? '';
  await form.getByLabel(labelled('Description')).fill('Stroke open-closed-open and time it.');
  await expect(page.getByText(/FREQ=/)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await form.screenshot({ path: 'test-results/plans-form-360.png' });
  await form.getByRole('button', { name: PLAN_TEXTS.save }).click();
  await expect(form).toBeHidden();

  const saved = await planNamed(page, title);
  expect(saved).toMatchObject({ description: 'Stroke open-closed-open and time it.', leadDays: 10 });
  expect(saved.trigger).toMatchObject({ rrule: 'FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO' });
  expect(saved.assignedToUserId).not.toBeNull();
  expect(saved.procedureId).not.toBeNull();
  const card = page.getByRole('list', { name: 'Plans' }).getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('Every 3 months on the first Monday');
  await expect(card).toContainText(
    `Assigned to Maria Santos · Procedure: ${procedure.replace(/ \(\d+ steps?\)$/, '')}`,
  );
  // The plant's day, as it is, with the plant's zone: the viewer is in Berlin.
  await expect(card).toContainText(`Next: ${dayWords(saved.nextDueDay as string)} (Chicago time)`);
  await card.screenshot({ path: 'test-results/plans-card-360.png' });
  await expect(page.getByText(/FREQ=/)).toHaveCount(0);
});

test('a condition plan is made and its threshold changed in the form', async ({ page }) => {
  await page.goto('/plans');
  await page.getByRole('button', { name: PLAN_TEXTS.newPlan }).click();
  const form = page.getByRole('form', { name: PLAN_TEXTS.newPlan });
  const title = `Low health check ${stamp}`;
  await form.getByLabel(labelled('Title')).fill(title);
  await form.getByLabel(labelled('Valve tags')).fill('V-003-CV');
  await form.getByLabel(labelled('Due by')).selectOption('condition');
  await form.getByLabel(labelled('Watch')).selectOption('health_score');
  await form.getByLabel(labelled('Health score at or below')).fill('150');
  await form.getByRole('button', { name: PLAN_TEXTS.save }).click();
  await expect(form.getByText(/must be between 0 and 1 for a probability, 1-100 for a health score/)).toBeVisible();
  await form.getByLabel(labelled('Health score at or below')).fill('40');
  await expect(form.getByTestId('plan-rhythm')).toHaveText('When the health score falls to 40 or below');
  await form.getByRole('button', { name: PLAN_TEXTS.save }).click();
  await expect(form).toBeHidden();

  const card = page.getByRole('list', { name: 'Plans' }).getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('When the health score falls to 40 or below');
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('form', { name: `Edit ${title}` });
  await edit.getByLabel(labelled('Health score at or below')).fill('35');
  await edit.getByRole('button', { name: PLAN_TEXTS.save }).click();
  await expect(edit).toBeHidden();
  await expect(card).toContainText('When the health score falls to 35 or below');
  expect((await planNamed(page, title)).trigger).toEqual({ kind: 'condition', measure: 'health_score', threshold: 35 });
});

test('the forecast shows plant days, and done work stays in it with its work order', async ({ page }) => {
  const request = page.request;
  // A daily plan raises today's work at once; completing it must leave today's line in the forecast, done.
  const title = `Daily walkdown ${stamp}`;
  const made = await request.post('/api/maintenance-plans', {
    data: {
      title,
      priority: 'low',
      target: { valveTags: ['V-001-BV'] },
      trigger: { kind: 'calendar', every: { count: 1, unit: 'day' }, startDate: plantToday() },
      leadDays: 0,
      timeZone: CHICAGO,
    },
  });
  expect(made.status()).toBe(201);
  const forecast = await getJson<Forecast>(request, `/api/maintenance-plans/forecast?planId=${(await made.json()).id}`);
  const today = forecast.occurrences.find((o) => o.workOrder !== null);
  expect(today?.day).toBe(plantToday());
  const workOrderId = today?.workOrder?.id as number;
  const started = await request.post(`/api/work-orders/${workOrderId}/status`, {
    data: { version: 1, status: 'in_progress' },
  });
  expect(started.status()).toBe(200);
  const done = await request.post(`/api/work-orders/${workOrderId}/status`, {
    data: {
      version: (await started.json()).version,
      status: 'completed',
      maintenanceType: 'inspection',
      findings: 'No leaks',
      actionsPerformed: 'Walked down',
    },
  });
  expect(done.status()).toBe(200);

  await page.goto('/plans');
  await expect(page.getByTestId('plant-days-note')).toContainText('Dates are plant days (Chicago time');
  const doneLine = page.getByRole('listitem').filter({ hasText: title }).filter({ hasText: PLAN_TEXTS.done });
  await expect(doneLine).toHaveCount(1);
  const day = new Date(`${plantToday()}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  await expect(doneLine).toContainText(day);
  const link = doneLine.getByRole('link', { name: today?.workOrder?.number as string });
  await expect(link).toContainText(today?.workOrder?.number as string);
  await expect(doneLine).toContainText(`done ${dayWords(plantToday())}`);
  await doneLine.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/plans-forecast-360.png' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/work-orders/${workOrderId}$`));
});

test("a plan on relief valves shows each tag's test date beside its own, saying why they differ", async ({ page }) => {
  const plans = await getJson<Plan[]>(page.request, '/api/maintenance-plans');
  const plan = plans.find((p) => p.reliefTests.some((r) => r.nextDueOn)) as Plan;
  expect(plan, 'a demo plan on valves with relief tags').toBeTruthy();
  const test = plan.reliefTests.find((r) => r.nextDueOn) as Plan['reliefTests'][number];
  await page.goto('/plans');
  const list = page.getByRole('list', { name: PLAN_TEXTS.reliefTestsOf(plan.title) });
  await list.scrollIntoViewIfNeeded();
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const same = plan.nextDueDay === test.nextDueOn;
  const line = PLAN_TEXTS.reliefTest(test.tag, dayWords(test.nextDueOn as string), same);
  if (plan.reliefTests.indexOf(test) < 3) await expect(list.getByText(line, { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/plans-relief-dates-360.png' });
});
