import { expect, type Page, test } from '@playwright/test';
import { AUTH_TEXTS } from '../client/src/features/auth/texts';
import { REQUEST_TEXTS } from '../client/src/features/requests/texts';
import { TIMINGS } from '../common/constants';
import type { RequestLink, WorkRequestReceipt } from '../common/schemas/requests';
import { TEXTS } from '../common/texts';
import { getJson } from './support/api';
import { valveByTag } from './support/failures';
import { SIGNED_OUT, stateFile } from './support/personas';

/**
 * Someone who scans a valve's request QR with any phone has no account: the page must not ask for anything that
 * needs one. The offline preload once started 3 s after load for everyone and made four reads the server refused.
 */
test.use({ viewport: { width: 360, height: 800 }, storageState: SIGNED_OUT });

const P = REQUEST_TEXTS.public;

/** Every 401 the page gets while it is open, past the moment the offline preload would have started. */
async function refusedOn(page: Page, path: string, ready: () => Promise<void>): Promise<string[]> {
  const refused: string[] = [];
  const record = (response: { status: () => number; url: () => string }) => {
    if (response.status() === 401) refused.push(`${path}: ${response.url()}`);
  };
  page.on('response', record);
  await page.goto(path);
  await ready();
  await page.waitForTimeout(TIMINGS.preloadAfterLoadMs + 2000);
  await page.waitForLoadState('networkidle');
  page.off('response', record);
  return refused;
}

test('a stranger’s phone on the request pages and the landing page makes no read that answers 401', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const supervisor = await playwright.request.newContext({ baseURL, storageState: stateFile('supervisor') });
  const link = await getJson<RequestLink>(
    supervisor,
    `/api/valves/${await valveByTag(supervisor, 'V-003-CV')}/request-link`,
  );
  await supervisor.dispose();

  const refused = await refusedOn(page, link.path, () =>
    expect(page.getByRole('heading', { name: P.title('V-003-CV') })).toBeVisible(),
  );

  const sent = await page.request.post('/api/requests', {
    data: { labelToken: link.token, description: 'E2E: no refused reads on the status page' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const receipt = (await sent.json()) as WorkRequestReceipt;
  refused.push(
    ...(await refusedOn(page, receipt.statusPath, () => expect(page.getByTestId('request-status')).toBeVisible())),
    ...(await refusedOn(page, '/', () =>
      expect(page.getByRole('heading', { level: 1, name: TEXTS.landing.heroTitle })).toBeVisible(),
    )),
    ...(await refusedOn(page, '/login', () =>
      expect(page.getByRole('heading', { level: 1, name: AUTH_TEXTS.signIn.title })).toBeVisible(),
    )),
  );
  expect(refused).toEqual([]);
});
