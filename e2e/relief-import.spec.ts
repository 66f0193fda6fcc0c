import { expect, type Page, test } from '@playwright/test';
import { IMPORT_KIND_TEXTS, IMPORT_TEXTS as T } from '../client/src/features/imports/texts';
import type { ReliefTag } from '../common/schemas/relief-valves';
import { getJson } from './support/api';
import { stateFile } from './support/personas';

const K = IMPORT_KIND_TEXTS['relief-tags'];

// Issue 32 on a 360 px phone, as the engineer: a relief valve register with a bad row is checked and applied; the
// new tags are on the due list.
test.use({ storageState: stateFile('engineer'), viewport: { width: 360, height: 800 } });

const pageIsPhoneWide = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

const REGISTER = [
  'PSV Tag,Site,Set,Protected vessel,Service,Interval,Rule',
  'PSV-7001,Gas Plant B,150 psig,V-7001 Inlet separator,Fuel gas,24,fixed',
  'PSV-7002,Gas Plant B,10.3 barg,D-7002 Knock-out drum,Flare,2 years,risk based',
  'PSV-7003,Gas Plant B,high,D-7003 Drum,Flare,24,fixed',
].join('\n');

test('imports a relief valve tag register: check, apply, at 360 px', async ({ page, request }) => {
  await page.goto('/relief-valves');
  await page.getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { name: K.title })).toBeVisible();
  await page
    .getByLabel(T.choose)
    .setInputFiles({ name: 'relief-register.csv', mimeType: 'text/csv', buffer: Buffer.from(REGISTER) });

  const refused = page.getByRole('region', { name: T.refusedTitle });
  await expect(refused.getByText('Row 3, Set: must be a number, not "high"')).toBeVisible();
  await expect(page.getByRole('region', { name: K.createsTitle }).getByText('PSV-7002')).toBeVisible();
  await pageIsPhoneWide(page);
  await page.screenshot({ path: 'test-results/relief-import-360.png', fullPage: true });

  await page.getByRole('button', { name: K.apply(2) }).click();
  await expect(page.getByRole('heading', { name: T.appliedTitle })).toBeVisible();
  const tags = await getJson<ReliefTag[]>(request, '/api/relief-valves/tags?plant=Gas%20Plant%20B');
  const made = tags.filter((tag) => tag.tag.startsWith('PSV-700'));
  expect(made.map((tag) => tag.tag).sort()).toEqual(['PSV-7001', 'PSV-7002']);
  await page.getByRole('link', { name: K.done.label }).click();
  await expect(page).toHaveURL(/\/relief-valves$/);
});
