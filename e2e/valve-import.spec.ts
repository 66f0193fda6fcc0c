import { expect, type Page, test } from '@playwright/test';
import { IMPORT_KIND_TEXTS, IMPORT_TEXTS as T } from '../client/src/features/imports/texts';

const V = IMPORT_KIND_TEXTS.valves;

import type { ValveSummary } from '../common/schemas/valves';
import { getJson } from './support/api';
import { stateFile } from './support/personas';

// Issue 32 on a 360 px phone, as the engineer: a register with a wrong column name and a bad row is checked,
// its mapping corrected, and applied; the new valves are in the list.
test.use({ storageState: stateFile('engineer'), viewport: { width: 360, height: 800 } });

const pageIsPhoneWide = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

const REGISTER = [
  'Tag,Type,Size,Rating,Site,Unit,System,Whereabouts,Maker,Model,Interval,Next due',
  'V-7001-GV,Gate Valve,6",Class 300,Gas Plant B,Compressor Hall,Fuel Gas,"Compressor Hall, Line 7",Velan,GTW-300,6 months,2027-03-14',
  'V-7002-GV,Gate Valve,8",Class 300,Gas Plant B,Compressor Hall,Fuel Gas,"Compressor Hall, Line 8",Velan,GTW-300,"1,095 days",14.03.2027',
  'V-7003-GV,Gate Valve,8",Class 300,Atlantis,Compressor Hall,Fuel Gas,"Compressor Hall, Line 9",Velan,GTW-300,1 year,2027-03-14',
].join('\n');

test('imports a valve register: check, map a column, apply, at 360 px', async ({ page, request }) => {
  await page.goto('/valves');
  await page.getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { name: V.title })).toBeVisible();
  const template = page.waitForEvent('download');
  await page.getByRole('link', { name: T.template }).click();
  expect((await template).suggestedFilename()).toBe('valveops-valves-template.csv');
  await page
    .getByLabel(T.choose)
    .setInputFiles({ name: 'register.csv', mimeType: 'text/csv', buffer: Buffer.from(REGISTER) });

  // "Whereabouts" is no column name the server knows: the location is missing, so every row is refused at first.
  const report = page.getByRole('region', { name: T.reportTitle });
  await expect(report.getByText(T.nothingToApply)).toBeVisible();
  const refused = page.getByRole('region', { name: T.refusedTitle });
  await expect(refused.getByText('Row 1, Location: is required')).toBeVisible();
  await expect(page.getByRole('button', { name: V.apply(0) })).toBeDisabled();
  await pageIsPhoneWide(page);

  await page.getByLabel('Whereabouts').selectOption({ label: 'Location *' });
  await page.getByRole('button', { name: T.checkAgain }).click();
  await expect(refused.getByText(/Row 3, Site: unknown plant "Atlantis"/)).toBeVisible();
  await expect(page.getByRole('region', { name: V.createsTitle }).getByText('V-7002-GV')).toBeVisible();
  await page.screenshot({ path: 'test-results/valve-import-360.png', fullPage: true });

  await page.getByRole('button', { name: V.apply(2) }).click();
  await expect(page.getByRole('heading', { name: T.appliedTitle })).toBeVisible();
  const valves = await getJson<ValveSummary[]>(request, '/api/valves');
  const made = valves.filter((v) => v.valveId.startsWith('V-700'));
  expect(made.map((v) => v.valveId).sort()).toEqual(['V-7001-GV', 'V-7002-GV']);
  await page.getByRole('link', { name: V.done.label }).click();
  await expect(page).toHaveURL(/\/valves$/);
});
