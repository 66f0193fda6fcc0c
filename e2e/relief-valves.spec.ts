import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { RELIEF_TEXTS as T } from '../client/src/features/relief-valves/texts';
import type { ReliefTag } from '../common/schemas/relief-valves';
import { getJson } from './support/api';
import { DEMO_PASSWORD, stateFile } from './support/personas';

test.use({ storageState: stateFile('technician'), viewport: { width: 360, height: 800 } });

test('a technician at 360 px records a relief valve test and downloads its certificate', async ({ page, request }) => {
  const tags = await getJson<ReliefTag[]>(request, '/api/relief-valves/tags?plant=Gas%20Plant%20B');
  const tag = tags.find((x) => x.tag === 'PSV-1075') as ReliefTag;
  const set = tag.setPressure;

  await page.goto('/relief-valves');
  await page.getByLabel('Plant').selectOption('Gas Plant B');
  await page.getByRole('link', { name: /PSV-1075/ }).click();
  await page.getByRole('link', { name: T.newRecord }).click();
  await expect(page.getByRole('heading', { name: 'Test record: PSV-1075' })).toBeVisible();
  // The picker marks what the server would refuse: the demo's G-117 ran out of calibration 20 days ago.
  await expect(page.getByLabel('Gauge').locator('option', { hasText: 'G-117' })).toContainText('calibration expired');

  const asFound = page.getByRole('group', { name: '1. As found, before cleaning' });
  await asFound.getByLabel('Opening (psi)').fill(String(set));
  await asFound.getByLabel('Reseat (psi)').fill(String(Math.round(set * 0.97)));
  const seat = page.getByRole('group', { name: /Seat tightness/ });
  await seat.getByLabel('Pressure held (psi)').fill(String(Math.ceil(set * 0.9)));
  await seat.getByLabel('Bubbles per minute').fill('0');
  const asLeft = page.getByRole('group', { name: '4. As left' });
  await asLeft.getByLabel('Opening (psi)').fill(String(set));
  await asLeft.getByLabel('Reseat (psi)').fill(String(Math.round(set * 0.97)));
  await page.screenshot({ path: 'test-results/relief-record-form-360.png', fullPage: true });
  await page.getByRole('button', { name: T.submit }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'PSV-1075', exact: true })).toBeVisible();
  const latest = page.getByRole('list', { name: 'Tests' }).getByRole('listitem').first();
  await expect(latest).toContainText('As found PASS');
  await expect(latest).toContainText('Maria Santos');
  await page.screenshot({ path: 'test-results/relief-tag-360.png' });

  // The tester signs what they performed (the only meaning offered to a technician); the signature shows on the test.
  await latest.getByRole('button', { name: 'Sign record' }).click();
  const signing = page.getByRole('dialog', { name: 'Sign the test record' });
  await expect(signing.getByText('Meaning: Performed')).toBeVisible();
  await signing.getByLabel('Your password').fill(DEMO_PASSWORD);
  await signing.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(signing).toBeHidden();
  await expect(latest.getByRole('list', { name: 'Signatures' })).toContainText('Maria Santos');
  await expect(latest.getByRole('list', { name: 'Signatures' })).toContainText('Performed');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    latest.getByRole('link', { name: T.certificate }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^relief-test-PSV-1075-.+\.pdf$/);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // Page 1 rendered as a reader would see it: not blank, with ink across the page.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'relief-cert-'));
  const file = path.join(dir, 'certificate.pdf');
  await import('node:fs/promises').then((fs) => fs.writeFile(file, pdf));
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
  const png = readFileSync(path.join(dir, 'page-1.png'));
  const { channels } = await sharp(png).stats();
  expect(channels[0].mean).toBeLessThan(250);
  expect(channels[0].stdev).toBeGreaterThan(20);
});

test('a technician at 360 px saves a draft, opens it again as entered, completes it and submits it', async ({
  page,
  request,
}) => {
  const tags = await getJson<ReliefTag[]>(request, '/api/relief-valves/tags?plant=Power%20Plant%20A');
  const tag = tags.filter((x) => x.installed && !x.notReturnedToService).at(-1) as ReliefTag;
  const set = tag.setPressure;
  await page.goto(`/relief-valves/tags/${tag.id}/record`);
  const asFound = page.getByRole('group', { name: '1. As found, before cleaning' });
  await asFound.getByLabel(/^Opening/).fill(String(set));
  await page.getByRole('button', { name: T.saveDraft }).click();
  await expect(page.getByRole('heading', { level: 1, name: tag.tag })).toBeVisible();
  const drafted = page.getByRole('list', { name: 'Tests' }).getByRole('listitem').filter({ hasText: 'Draft' }).first();
  await drafted.getByRole('link', { name: T.editDraft }).click();

  await expect(page.getByRole('heading', { name: T.editDraftTitle(tag.tag) })).toBeVisible();
  const again = page.getByRole('group', { name: '1. As found, before cleaning' });
  await expect(again.getByLabel(/^Opening/)).toHaveValue(String(set));
  await again.getByLabel(/^Reseat/).fill(String(Math.round(set * 0.96)));
  const seat = page.getByRole('group', { name: /Seat tightness/ });
  await seat.getByLabel(/^Pressure held/).fill(String(Math.ceil(set * 0.9)));
  await seat.getByLabel('Bubbles per minute').fill('0');
  await page.getByRole('button', { name: T.submit }).click();

  await expect(page.getByRole('heading', { level: 1, name: tag.tag })).toBeVisible();
  const latest = page.getByRole('list', { name: 'Tests' }).getByRole('listitem').first();
  await expect(latest).toContainText('As found PASS');
  await expect(latest.getByText('Draft', { exact: true })).toHaveCount(0);
  await expect(latest.getByRole('link', { name: T.certificate })).toBeVisible();
});
