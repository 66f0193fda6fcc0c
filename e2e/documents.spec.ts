import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import type { ValveDocument } from '../common/schemas/documents';
import type { ValveSummary } from '../common/schemas/valves';
import { getJson } from './support/api';

// Issue 17 item 7 on a 360 px phone, as the supervisor: a manual is added to a valve, listed, opened, deleted with
// a reason, and the deletion (who, why) is in the valve's history; a wrong photo goes the same way.
test.use({ viewport: { width: 360, height: 800 } });

const pageIsPhoneWide = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('documents: add, see, open, delete with a reason, history shows it, at 360 px', async ({ page, request }) => {
  // The first demo valve (by its tag) with documents and photos on file: the list's order follows the work.
  const valves = await getJson<ValveSummary[]>(request, '/api/valves');
  let valve: ValveSummary | undefined;
  let filed: ValveDocument[] = [];
  for (const candidate of [...valves].sort((a, b) => a.valveId.localeCompare(b.valveId))) {
    filed = await getJson<ValveDocument[]>(request, `/api/valves/${candidate.id}/documents`);
    const photos = await getJson<unknown[]>(request, `/api/photos?valveId=${candidate.id}`);
    if (filed.length && photos.length) {
      valve = candidate;
      break;
    }
  }
  if (!valve) throw new Error('no demo valve with documents and photos');

  await page.goto(`/valves/${valve.id}?tab=documents`);
  const list = page.getByRole('list', { name: 'Documents' });
  await expect(list.getByText(filed[0].name)).toBeVisible();
  await pageIsPhoneWide(page);
  await page.screenshot({ path: 'test-results/documents-360.png', fullPage: true });

  await page.getByRole('button', { name: 'Add Document' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'trim-kit.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByLabel('Kind').selectOption('certificate');
  await dialog.getByLabel('Name').fill('Trim kit material certificate');
  await dialog.getByRole('button', { name: 'Upload Document' }).click();
  await expect(dialog).toBeHidden();
  const item = list.getByRole('listitem').filter({ hasText: 'Trim kit material certificate.pdf' });
  await expect(item).toBeVisible();
  await expect(item.getByText('Certificate', { exact: true })).toBeVisible();
  await expect(item.getByText('James Okafor')).toBeVisible();
  const href = await item.getByRole('link', { name: 'Trim kit material certificate.pdf' }).getAttribute('href');
  const file = await request.get(href ?? '');
  expect([file.status(), file.headers()['content-type']]).toEqual([200, 'application/pdf']);

  await item.getByRole('button', { name: /^Delete/ }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText('Say why it is deleted.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Uploaded to the wrong valve');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toHaveCount(0);

  await page.getByRole('tab', { name: 'History' }).click();
  const deletion = page.getByRole('list', { name: 'Change history' }).getByRole('listitem').first();
  await expect(deletion.getByText(/^Document “.+” deleted$/)).toBeVisible();
  await expect(deletion.getByText('Uploaded to the wrong valve')).toBeVisible();
  await expect(deletion.getByText('James Okafor')).toBeVisible();
  await pageIsPhoneWide(page);

  await page.getByRole('tab', { name: 'Photos' }).click();
  const photos = page.getByRole('list', { name: 'Photos' }).getByRole('listitem');
  // The valve has photos (the API said so above); count them once the tab has loaded them.
  await expect(photos.first()).toBeVisible();
  const before = await photos.count();
  await photos.first().getByRole('button').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete Photo' }).click();
  const reason = `Blurred, retaken ${Date.now().toString(36)}`;
  await page.getByRole('dialog').getByLabel('Reason').fill(reason);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  if (before > 1) await expect(photos).toHaveCount(before - 1);
  else await expect(page.getByText('No photos available for this valve.')).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('list', { name: 'Change history' });
  await expect(history.getByText(/^Photo .+ deleted$/).first()).toBeVisible();
  await expect(history.getByText(reason)).toBeVisible();
});

test('the kind is guessed from the picked file and stays changeable; an image is listed with its thumbnail, at 360 px', async ({
  page,
  request,
}) => {
  const [valve] = await getJson<ValveSummary[]>(request, '/api/valves');
  await page.goto(`/valves/${valve.id}?tab=documents`);
  await page.getByRole('button', { name: 'Add Document' }).click();
  const dialog = page.getByRole('dialog');
  const picker = dialog.locator('input[type=file]');
  const kind = dialog.getByLabel('Kind');
  await picker.setInputFiles({ name: 'Globe valve datasheet.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(kind).toHaveValue('manual');
  await picker.setInputFiles({ name: 'PSV-101 test certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(kind).toHaveValue('certificate');
  await kind.selectOption('drawing');
  await expect(kind).toHaveValue('drawing');
  // An image is a photo, not a manual (issue 29), whatever its name; listed, it shows itself.
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2f6f4f' } })
    .png()
    .toBuffer();
  await picker.setInputFiles({ name: 'actuator-manual-plate.png', mimeType: 'image/png', buffer: png });
  await expect(kind).toHaveValue('photo');
  await page.screenshot({ path: 'test-results/documents-kind-photo-360.png' });
  await dialog.getByRole('button', { name: 'Upload Document' }).click();
  await expect(dialog).toBeHidden();
  const item = page
    .getByRole('list', { name: 'Documents' })
    .getByRole('listitem')
    .filter({ hasText: 'actuator-manual-plate' });
  await expect(item.getByText('Photo', { exact: true })).toBeVisible();
  const thumbnail = item.locator('img');
  await expect(thumbnail).toHaveAttribute('src', /\/api\/documents\/\d+\/thumbnail$/);
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await pageIsPhoneWide(page);
  await item.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/documents-thumbnail-360.png' });
});

test('documents tab at 1280 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const valves = await getJson<ValveSummary[]>(request, '/api/valves');
  await page.goto(`/valves/${valves[1].id}?tab=documents`);
  await expect(page.getByRole('list', { name: 'Documents' }).getByRole('listitem').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/documents-1280.png', fullPage: true });
});
