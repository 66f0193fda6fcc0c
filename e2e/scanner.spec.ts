import { expect, type Page } from '@playwright/test';
import { SAMPLE_VALVE_IDS } from '../common/constants';
import type { ValveLookup } from '../common/schemas/valves';
import { TEXTS } from '../common/texts';
import { getJson } from './support/api';
import { FILMED_VALVE, test } from './support/fake-camera';

const T = TEXTS.scanner;

async function openScanner(page: Page) {
  await page.goto('/app');
  await page.getByRole('button', { name: 'Scan QR', exact: true }).click();
  const scanner = page.getByRole('dialog', { name: T.title });
  await expect(scanner).toBeVisible();
  return scanner;
}

/**
 * Records every camera stream the page opens (and what it asked for), so a test can check each was released.
 * With `blank`, the camera films an empty grey frame instead, so nothing is decoded while the test acts.
 */
async function watchCamera(page: Page, { blank = false } = {}) {
  await page.addInitScript((useBlank) => {
    const w = window as unknown as { cameraStreams: MediaStream[]; cameraConstraints: MediaStreamConstraints[] };
    w.cameraStreams = [];
    w.cameraConstraints = [];
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      w.cameraConstraints.push(constraints ?? {});
      let stream: MediaStream;
      if (useBlank) {
        const canvas = document.createElement('canvas');
        canvas.width = 320;
        canvas.height = 240;
        const context = canvas.getContext('2d') as CanvasRenderingContext2D;
        const paint = () => {
          context.fillStyle = '#888';
          context.fillRect(0, 0, 320, 240);
        };
        paint();
        setInterval(paint, 100);
        stream = canvas.captureStream(10);
      } else {
        stream = await original(constraints);
      }
      w.cameraStreams.push(stream);
      return stream;
    };
  }, blank);
}

const cameraTracks = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams.flatMap((s) =>
      s.getTracks().map((t) => t.readyState),
    ),
  );

/** A text holding every one of `parts`, in any order. */
const allOf = (...parts: string[]) =>
  new RegExp(parts.map((part) => `(?=[\\s\\S]*${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`).join(''));

test.describe('QR scanner', () => {
  test("the rear camera reads V-002-GV's printed label and the app opens that valve", async ({ page, request }) => {
    const valve = await getJson<ValveLookup>(request, `/api/valves/valve-id/${FILMED_VALVE.valveId}`);
    // The fake camera films the label as the demo plant has it.
    expect(valve.plant).toBe(FILMED_VALVE.plant);
    await watchCamera(page);
    const scanner = await openScanner(page);

    await scanner.getByRole('button', { name: T.startCamera }).click();
    const result = scanner.getByRole('region', { name: T.resultTitle });
    // One check of the whole result: it shows only until the redirect, which a slow machine may reach between
    // separate checks of each line.
    await expect(result).toContainText(
      allOf(
        FILMED_VALVE.valveId,
        T.found,
        `${valve.type} · ${valve.size}`,
        `${valve.plant} — ${valve.location}`,
        T.redirecting,
      ),
    );

    await expect(page).toHaveURL(new RegExp(`/valves/${valve.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: FILMED_VALVE.valveId })).toBeVisible();
    await expect(scanner).toBeHidden();
    const constraints = await page.evaluate(
      () => (window as unknown as { cameraConstraints: MediaStreamConstraints[] }).cameraConstraints,
    );
    expect(constraints).toEqual([{ video: { facingMode: 'environment' }, audio: false }]);
    // The camera stopped when the code was read.
    expect(await cameraTracks(page)).toEqual(['ended']);
  });

  test('Stop, Simulate Scan and closing the dialog each release the camera', async ({ page }) => {
    await watchCamera(page, { blank: true });
    let scanner = await openScanner(page);
    const start = scanner.getByRole('button', { name: T.startCamera });

    await start.click();
    await expect(scanner.getByLabel('Camera preview')).toBeVisible();
    await expect(scanner.getByRole('button', { name: T.simulateScan })).toBeVisible();
    expect(await cameraTracks(page)).toEqual(['live']);
    await scanner.getByRole('button', { name: T.stop }).click();
    await expect(start).toBeVisible();
    await expect(scanner.getByRole('button', { name: T.simulateScan })).toHaveCount(0);
    expect(await cameraTracks(page)).toEqual(['ended']);

    await start.click();
    await scanner.getByRole('button', { name: 'Close' }).click();
    await expect(scanner).toBeHidden();
    await expect.poll(() => cameraTracks(page)).toEqual(['ended', 'ended']);

    scanner = await openScanner(page);
    await scanner.getByRole('button', { name: T.startCamera }).click();
    await scanner.getByRole('button', { name: T.simulateScan }).click();
    // It says which sample valve it stands for: the first of the five in a new tab.
    await expect(scanner.getByText(T.simulated(SAMPLE_VALVE_IDS[0], 1, SAMPLE_VALVE_IDS.length))).toBeVisible();
    await expect(scanner.getByRole('button', { name: T.startCamera })).toBeVisible();
    expect(await cameraTracks(page)).toEqual(['ended']);
    const result = scanner.getByRole('region', { name: T.resultTitle });
    await expect(result).toContainText(T.found);
    const tag = (await result.locator('p').first().textContent()) ?? '';
    expect(SAMPLE_VALVE_IDS).toContain(tag);
    await expect(page.getByRole('heading', { level: 1, name: tag })).toBeVisible();
  });

  test('a camera that cannot start is logged and the scanner goes back to off', async ({ page }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const scanner = await openScanner(page);
    await scanner.getByRole('button', { name: T.startCamera }).click();
    await expect.poll(() => errors.some((e) => e.includes('Camera access failed'))).toBe(true);
    await expect(scanner.getByRole('button', { name: T.startCamera })).toBeEnabled();
    await expect(scanner.getByRole('button', { name: T.stop })).toHaveCount(0);
  });

  test('a typed ID is trimmed, looked up, shown, and opened one second later', async ({ page, request }) => {
    const valve = await getJson<ValveLookup>(request, '/api/valves/valve-id/V-003-CV');
    const scanner = await openScanner(page);
    const entry = scanner.getByPlaceholder(T.entryPlaceholder);
    await expect(scanner.getByLabel(T.entryLabel)).toBeVisible();

    await entry.fill('   ');
    await entry.press('Enter');
    await expect(scanner.getByRole('region', { name: T.resultTitle })).toHaveCount(0);

    const lookups: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/valves/valve-id/')) lookups.push(new URL(r.url()).pathname);
    });
    await entry.fill('  V-003-CV ');
    await entry.press('Enter');
    const result = scanner.getByRole('region', { name: T.resultTitle });
    await expect(result).toContainText(T.found);
    const foundAt = Date.now();
    await expect(result).toContainText(`${valve.plant} — ${valve.location}`);
    await expect(page).toHaveURL(new RegExp(`/valves/${valve.id}$`));
    // Spec §9: the redirect waits a second (not asserted tightly: only that it is not immediate).
    expect(Date.now() - foundAt).toBeGreaterThan(500);
    expect(lookups).toEqual(['/api/valves/valve-id/V-003-CV']);
    await expect(scanner).toBeHidden();
  });

  test('typing offers the matching valves as big buttons; a tap opens one, at 360 px', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const valve = await getJson<ValveLookup>(request, '/api/valves/valve-id/V-002-GV');
    const scanner = await openScanner(page);
    await scanner.getByPlaceholder(T.entryPlaceholder).fill('v-002');
    const offered = scanner.getByRole('list', { name: 'Suggested valves' }).getByRole('button');
    await expect(offered.filter({ hasText: 'V-002-GV' })).toBeVisible();
    await page.screenshot({ path: 'test-results/scanner-suggestions-360.png' });
    await offered.filter({ hasText: 'V-002-GV' }).click();
    await expect(scanner.getByRole('region', { name: T.resultTitle })).toContainText(T.found);
    await expect(page).toHaveURL(new RegExp(`/valves/${valve.id}$`));
  });

  test('an unknown valve says "Valve not found", shows no details and stays put', async ({ page }) => {
    const scanner = await openScanner(page);
    await scanner.getByPlaceholder(T.entryPlaceholder).fill('V-999-ZZ');
    await scanner.getByRole('button', { name: T.lookUp }).click();
    const result = scanner.getByRole('region', { name: T.resultTitle });
    await expect(result.getByText(T.notFound)).toBeVisible();
    await expect(result).not.toContainText(T.found);
    await expect(result).not.toContainText(T.redirecting);
    await page.waitForTimeout(1500);
    await expect(page).toHaveURL(/\/app$/);
    await expect(scanner).toBeVisible();
  });

  test('offline, the scanner finds a valve in the saved valve list', async ({ page, context, request }) => {
    const valve = await getJson<ValveLookup>(request, '/api/valves/valve-id/V-004-NV');
    const scanFromMenu = async () => {
      await page.getByRole('button', { name: 'Quick actions' }).click();
      await page.getByRole('menuitem', { name: TEXTS.fab.scan }).click();
      return page.getByRole('dialog', { name: T.title });
    };
    // Visiting the list saves it on the device, as the offline preload would.
    await page.goto('/valves');
    await expect(page.getByRole('list', { name: 'Valves' }).getByRole('listitem').first()).toBeVisible();
    await context.setOffline(true);

    let scanner = await scanFromMenu();
    await scanner.getByPlaceholder(T.entryPlaceholder).fill('V-004');
    const offered = scanner.getByRole('list', { name: 'Suggested valves' }).getByRole('button');
    await expect(offered.filter({ hasText: 'V-004-NV' })).toBeVisible();
    await scanner.getByPlaceholder(T.entryPlaceholder).fill('V-004-NV');
    await scanner.getByPlaceholder(T.entryPlaceholder).press('Enter');
    const result = scanner.getByRole('region', { name: T.resultTitle });
    await expect(result).toContainText(T.found);
    await expect(result).toContainText(`${valve.type} · ${valve.size}`);
    await expect(page).toHaveURL(new RegExp(`/valves/${valve.id}$`));

    scanner = await scanFromMenu();
    await scanner.getByPlaceholder(T.entryPlaceholder).fill('V-999-ZZ');
    await scanner.getByPlaceholder(T.entryPlaceholder).press('Enter');
    await expect(result.getByText(T.notFound)).toBeVisible();
    await expect(result.getByText(T.offlineNotFound)).toBeVisible();
    await context.setOffline(false);
  });
});
