import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { REQUEST_TEXTS } from '../client/src/features/requests/texts';
import type { RequestLink, WorkRequestReceipt } from '../common/schemas/requests';
import { getJson } from './support/api';
import { startedOrder, valveByTag } from './support/failures';
import { SIGNED_OUT, stateFile } from './support/personas';

// Issue 34 on a 360 px phone: someone with no account reports at a valve by its request QR; the supervisor triages.
const PHONE = { width: 360, height: 800 };
test.use({ viewport: PHONE });

const P = REQUEST_TEXTS.public;
const W = REQUEST_TEXTS.words;

const pageIsPhoneWide = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

/** The valve's request QR as a signed-in user reads it (what the printed label encodes). */
async function requestLink(request: APIRequestContext, tag: string) {
  return getJson<RequestLink>(request, `/api/valves/${await valveByTag(request, tag)}/request-link`);
}

/** A phone that has never signed in: a context of its own with no cookies and no stored state. */
async function strangersPhone(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, storageState: SIGNED_OUT, viewport: PHONE });
  return { context, page: await context.newPage() };
}

/** The code on the right half of a two-code label (an SVG data URL), read as a phone's camera would. */
async function decodeRightHalf(dataUrl: string) {
  const svg = Buffer.from(decodeURIComponent(dataUrl.slice(dataUrl.indexOf(',') + 1)));
  const png = await sharp(svg, { density: 150 }).flatten({ background: '#fff' }).png().toBuffer();
  const { width = 0, height = 0 } = await sharp(png).metadata();
  const { data, info } = await sharp(png)
    .extract({ left: Math.floor(width / 2), top: 0, width: Math.floor(width / 2), height })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

const photoPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#b91c1c' } })
    .png()
    .toBuffer();

test('a stranger reports a problem with a photo by the QR; the supervisor approves it; the stranger sees the order', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  const link = await requestLink(request, 'V-002-GV');
  const description = `E2E gland weeping ${Date.now()}`;
  const phone = await strangersPhone(browser, baseURL);

  // A label the server does not know says so, with nothing to retry.
  await phone.page.goto('/r/not-a-label-token');
  await expect(phone.page.getByRole('heading', { name: P.unknownLabel })).toBeVisible();

  await phone.page.goto(link.path);
  await expect(phone.page.getByRole('heading', { name: P.title('V-002-GV') })).toBeVisible();
  // Nothing of the app: no navigation, no "+", no bell, no sign-in link.
  await expect(phone.page.getByRole('navigation')).toHaveCount(0);
  await expect(phone.page.getByRole('button', { name: 'Quick actions' })).toHaveCount(0);
  await expect(phone.page.getByRole('link')).toHaveCount(0);

  await phone.page.getByLabel(new RegExp(`^${P.description}`)).fill(description);
  await phone.page.getByLabel(REQUEST_TEXTS.photo.add).setInputFiles({
    name: 'leak.png',
    mimeType: 'image/png',
    buffer: await photoPng(),
  });
  await expect(phone.page.getByRole('img', { name: REQUEST_TEXTS.photo.preview })).toBeVisible();
  await phone.page.getByLabel(new RegExp(`^${P.name}`)).fill('Sam from scaffolding');
  await phone.page.getByLabel(new RegExp(`^${P.contact}`)).fill('555-0101');
  await pageIsPhoneWide(phone.page);

  // No signal: nothing is sent, what was typed stays, and Try again sends it.
  await phone.page.route('**/api/requests', (route) => route.abort('internetdisconnected'));
  await phone.page.getByRole('button', { name: P.send }).click();
  await expect(phone.page.getByRole('alert').filter({ hasText: P.notSentTitle })).toBeVisible();
  await expect(phone.page.getByLabel(new RegExp(`^${P.description}`))).toHaveValue(description);
  await phone.page.unroute('**/api/requests');
  await phone.page.getByRole('button', { name: P.tryAgain }).click();

  await expect(phone.page.getByRole('status').filter({ hasText: REQUEST_TEXTS.sent.title })).toBeVisible();
  const statusLink = await phone.page.getByLabel(REQUEST_TEXTS.sent.linkLabel).inputValue();
  expect(statusLink).toMatch(/\/r\/status\/[\w-]+$/);
  await pageIsPhoneWide(phone.page);
  await phone.page.getByRole('link', { name: REQUEST_TEXTS.sent.open }).click();
  await expect(phone.page.getByTestId('request-status')).toHaveText(W.open);
  await expect(phone.page.getByText(description)).toBeVisible();

  // The supervisor finds it among the open requests, with its photo, and approves it.
  await page.goto('/requests');
  const card = page.getByRole('listitem').filter({ hasText: description });
  await expect(card.getByRole('link', { name: 'V-002-GV', exact: true })).toBeVisible();
  await expect(card.getByRole('img', { name: REQUEST_TEXTS.triage.photo('V-002-GV') })).toBeVisible();
  await expect(card).toContainText('Sam from scaffolding');
  await card.getByRole('button', { name: REQUEST_TEXTS.triage.approve }).click();
  const dialog = page.getByRole('dialog', { name: REQUEST_TEXTS.approve.title });
  await expect(dialog.getByLabel(new RegExp(`^${REQUEST_TEXTS.approve.workOrderTitle}`))).toHaveValue(description);
  await dialog.getByLabel(new RegExp(`^${REQUEST_TEXTS.approve.priority}`)).selectOption('high');
  await pageIsPhoneWide(page);
  await dialog.getByRole('button', { name: REQUEST_TEXTS.approve.submit }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);

  await page.getByRole('tab', { name: REQUEST_TEXTS.triage.statuses.approved }).click();
  const decided = page.getByRole('listitem').filter({ hasText: description });
  const orderLink = decided.getByRole('link', { name: /^Approved: work order WO-/ });
  await expect(orderLink).toBeVisible();
  const workOrderNumber = ((await orderLink.textContent()) ?? '').replace('Approved: work order ', '');

  await phone.page.reload();
  await expect(phone.page.getByTestId('request-status')).toHaveText(W.approved(workOrderNumber));

  // The work order carries the request's words and its priority.
  await orderLink.click();
  await expect(page.getByRole('heading', { name: new RegExp(description) })).toBeVisible();
  await phone.context.close();
});

test('a rejected request tells its sender why', async ({ browser, baseURL, page, request }) => {
  const link = await requestLink(request, 'V-003-CV');
  const description = `E2E label faded ${Date.now()}`;
  const phone = await strangersPhone(browser, baseURL);
  const sent = await phone.context.request.post('/api/requests', {
    data: { labelToken: link.token, description, name: 'Visitor' },
  });
  expect(sent.status()).toBe(201);
  const receipt = (await sent.json()) as WorkRequestReceipt;

  await page.goto('/requests');
  const card = page.getByRole('listitem').filter({ hasText: description });
  await card.getByRole('button', { name: REQUEST_TEXTS.triage.reject }).click();
  const dialog = page.getByRole('dialog', { name: REQUEST_TEXTS.reject.title });
  // The reason is required: the sender deserves one.
  await dialog.getByRole('button', { name: REQUEST_TEXTS.reject.submit }).click();
  await expect(dialog.getByText(`${REQUEST_TEXTS.reject.reason} is required`)).toBeVisible();
  const reason = 'Label replaced in the next survey';
  await dialog.getByLabel(new RegExp(`^${REQUEST_TEXTS.reject.reason}`)).fill(reason);
  await dialog.getByRole('button', { name: REQUEST_TEXTS.reject.submit }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);

  await phone.page.goto(receipt.statusPath);
  await expect(phone.page.getByTestId('request-status')).toHaveText(W.rejected(reason));
  await pageIsPhoneWide(phone.page);
  await phone.context.close();
});

test('a request merged into an open work order of its valve names that order to its sender', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  const link = await requestLink(request, 'V-001-BV');
  const order = await startedOrder(request, link.valveId, `E2E packing replacement ${Date.now()}`);
  const description = `E2E packing leak again ${Date.now()}`;
  const phone = await strangersPhone(browser, baseURL);
  const sent = await phone.context.request.post('/api/requests', { data: { labelToken: link.token, description } });
  const receipt = (await sent.json()) as WorkRequestReceipt;

  await page.goto('/requests');
  const card = page.getByRole('listitem').filter({ hasText: description });
  await card.getByRole('button', { name: REQUEST_TEXTS.triage.merge }).click();
  const dialog = page.getByRole('dialog', { name: REQUEST_TEXTS.merge.title });
  // Nothing chosen is named before anything is sent.
  await dialog.getByRole('button', { name: REQUEST_TEXTS.merge.submit }).click();
  await expect(dialog.getByText(`${REQUEST_TEXTS.merge.choose} ${REQUEST_TEXTS.required}`)).toBeVisible();
  await dialog.getByRole('radio', { name: new RegExp(order.workOrderId) }).check();
  await pageIsPhoneWide(page);
  await dialog.getByRole('button', { name: REQUEST_TEXTS.merge.submit }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);

  await phone.page.goto(receipt.statusPath);
  await expect(phone.page.getByTestId('request-status')).toHaveText(W.merged(order.workOrderId));
  await phone.context.close();
});

test("the valve's label and its plant's sheet carry the request code, with this site's address", async ({
  baseURL,
  page,
  request,
}) => {
  const link = await requestLink(request, 'V-002-GV');
  await page.goto(`/valves/${link.valveId}`);
  const label = page.getByRole('region', { name: 'QR Label' }).getByRole('img', { name: 'QR label V-002-GV' });
  // The label is an SVG data URL: the request code's caption and the address it encodes are in it.
  await expect(label).toHaveAttribute('src', new RegExp(encodeURIComponent('Report a problem')));
  // Its right half decodes to this site's request page of the valve, as a phone's camera would read it.
  expect(await decodeRightHalf((await label.getAttribute('src')) ?? '')).toBe(`${baseURL}${link.path}`);

  await page.getByRole('button', { name: /^Print all .* labels$/ }).click();
  const preview = page.getByRole('dialog').getByRole('list', { name: 'Label preview' }).getByRole('img');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Print sheet' })).toBeEnabled();
  for (const img of await preview.all()) {
    await expect(img).toHaveAttribute('src', new RegExp(encodeURIComponent('Report a problem')));
  }
});

test.describe('a technician', () => {
  test.use({ storageState: stateFile('technician') });

  test('reads the requests but has no decision to take', async ({ page }) => {
    await page.goto('/requests');
    const list = page.getByRole('list', { name: REQUEST_TEXTS.triage.list });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('button', { name: REQUEST_TEXTS.triage.approve })).toHaveCount(0);
    await expect(page.getByRole('button', { name: REQUEST_TEXTS.triage.reject })).toHaveCount(0);
  });

  test('reports a problem from the valve screen, and it is listed under their name', async ({ page, request }) => {
    const description = `E2E handwheel cracked ${Date.now()}`;
    await page.goto(`/valves/${await valveByTag(request, 'V-004-NV')}`);
    await page.getByRole('button', { name: REQUEST_TEXTS.report.button }).click();
    const dialog = page.getByRole('dialog', { name: REQUEST_TEXTS.report.title('V-004-NV') });
    // Signed in, the account says who sent it: no name or contact to give.
    await expect(dialog.getByLabel(new RegExp(`^${P.name}`))).toHaveCount(0);
    await dialog.getByLabel(new RegExp(`^${P.description}`)).fill(description);
    await pageIsPhoneWide(page);
    await dialog.getByRole('button', { name: REQUEST_TEXTS.report.submit }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/requests');
    const card = page.getByRole('listitem').filter({ hasText: description });
    await expect(card).toContainText('Maria Santos');
    await expect(card).toContainText(REQUEST_TEXTS.triage.fromApp);
  });
});
