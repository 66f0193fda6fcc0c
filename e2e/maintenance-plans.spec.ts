import { expect, test } from '@playwright/test';
import { PLAN_TEXTS } from '../client/src/features/maintenance-plans/texts';
import type { Forecast } from '../common/schemas/maintenance-plans';
import { getJson } from './support/api';

/** A field by its label, which may carry the required mark (' *') or '(optional)'. */
const labelled = (label: string) => new RegExp(`^${label}( \\*| \\(optional\\))?$`);
const stamp = Date.now().toString(36);

test.use({ viewport: { width: 360, height: 800 } });

test('a supervisor adds a plan on a phone and sees it in the 12-month forecast', async ({ page }) => {
  await page.goto('/plans');
  await expect(page.getByRole('heading', { name: PLAN_TEXTS.title })).toBeVisible();
  await page.getByRole('button', { name: PLAN_TEXTS.newPlan }).click();
  const form = page.getByRole('form', { name: PLAN_TEXTS.newPlan });

  // The contract's own words before anything is sent: no title, a bad rule.
  await form.getByLabel(labelled('Valve tags')).fill('V-001-BV');
  await form.getByLabel(labelled('Or a recurrence rule')).fill('FREQ=HOURLY');
  await form.getByRole('button', { name: PLAN_TEXTS.save }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  // Only the server reads the rule in full: its 400 lands on the field.
  const title = `Monthly seat check ${stamp}`;
  await form.getByLabel(labelled('Title')).fill(title);
  await form.getByRole('button', { name: PLAN_TEXTS.save }).click();
  await expect(form.getByText('Or a recurrence rule must repeat DAILY, WEEKLY, MONTHLY or YEARLY')).toBeVisible();

  await form.getByLabel(labelled('Or a recurrence rule')).fill('');
  await form.getByLabel(labelled('Every')).fill('1');
  await form.getByRole('button', { name: PLAN_TEXTS.save }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('list', { name: 'Plans' }).getByText(title)).toBeVisible();

  // The agenda shows what the server forecasts: twelve or thirteen monthly visits to V-001-BV.
  const forecast = await getJson<Forecast>(page.request, '/api/maintenance-plans/forecast');
  const ours = forecast.occurrences.filter((o) => o.planTitle === title);
  expect(ours.length).toBeGreaterThanOrEqual(12);
  await expect(page.getByRole('region').getByRole('listitem').filter({ hasText: title })).toHaveCount(ours.length);
  // Nothing sticks out of a 360 px screen.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `test-results/plans-360-${process.env.E2E_PORT ?? 'default'}.png`, fullPage: false });
});
