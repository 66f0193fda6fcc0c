import { expect, type Page } from '@playwright/test';
import { TEXTS } from '../../common/texts';
import { getJson } from './api';

/** Takes the device's copy from /offline, as a technician does before leaving for the site, and waits until it holds every valve the user sees. */
export async function downloadForOffline(page: Page) {
  await page.goto('/offline');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.getByRole('button', { name: TEXTS.offline.preloadNow }).click();
  const valves = await getJson<unknown[]>(page.request, '/api/valves');
  await expect(page.getByTestId('kept-summary')).toContainText(`${valves.length} valves`, { timeout: 60_000 });
}
