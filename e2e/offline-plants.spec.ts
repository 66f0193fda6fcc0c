import { expect, test } from '@playwright/test';
import { RELIEF_TEXTS } from '../client/src/features/relief-valves/texts';
import type { OfflineChanges } from '../common/schemas/offline-sync';
import type { ProcedureRun, ProcedureSummary } from '../common/schemas/procedures';
import type { ReliefTag, ReliefTagDetail } from '../common/schemas/relief-valves';
import type { ValveSummary } from '../common/schemas/valves';
import type { WorkOrderDetail } from '../common/schemas/work-orders';
import { TEXTS } from '../common/texts';
import { getJson } from './support/api';

/**
 * Issue 18, budget and plant choice: /offline says the size before anything is downloaded, the technician keeps
 * one plant, the download shows its progress, /offline lists what is kept per plant with its size, and with no
 * signal that plant's valves (with their photo thumbnails, never viewed online) and relief valve tags open,
 * another plant's valve says it was not downloaded, and the dashboard shows its figures from the copy on the device.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 800 } });

const PLANT = 'Gas Plant B';

test('keep one plant: size first, progress, kept per plant; offline its valves, relief tags and the dashboard', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const valves = await getJson<ValveSummary[]>(page.request, '/api/valves');
  const tags = await getJson<ReliefTag[]>(page.request, '/api/relief-valves/tags');
  const mine = valves.filter((v) => v.plant === PLANT);
  const elsewhere = valves.find((v) => v.plant !== PLANT);
  const tag = tags.find((t) => t.plant === PLANT && t.installed) ?? tags.find((t) => t.plant === PLANT);
  // A valve of the plant with photos, found through the API (not the page): the device never showed its gallery.
  const feed = await getJson<OfflineChanges>(page.request, `/api/offline/changes?plant=${encodeURIComponent(PLANT)}`);
  const pictured = mine.find((v) => feed.photos.some((p) => p.valveId === v.id));
  expect(mine.length && elsewhere && tag && pictured).toBeTruthy();
  if (!elsewhere || !tag || !pictured) return;
  const testsBefore = (await getJson<ReliefTagDetail>(page.request, `/api/relief-valves/tags/${tag.id}`)).tests.length;
  // Issue 29: a work order of the plant under way with a procedure attached, its checklist never opened here.
  const order = (await (
    await page.request.post('/api/work-orders', { data: { valveId: mine[0].id, title: 'Offline checklist round' } })
  ).json()) as WorkOrderDetail;
  await page.request.post(`/api/work-orders/${order.id}/status`, { data: { status: 'in_progress', version: 1 } });
  const procedures = await getJson<ProcedureSummary[]>(page.request, '/api/procedures');
  const stroke = procedures.find((p) => p.name === 'Control valve stroke test');
  await page.request.post(`/api/work-orders/${order.id}/procedures`, { data: { procedureId: stroke?.id } });

  await page.goto('/offline');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const estimate = page.getByTestId('download-estimate');
  await expect(estimate).toHaveText(
    new RegExp(`^About \\d+\\.\\d MB for ${valves.length.toLocaleString('en-US')} valves`),
  );

  const plants = page.getByRole('region', { name: 'Plants to keep on this device' });
  for (const other of new Set(valves.map((v) => v.plant))) {
    if (other !== PLANT) await plants.getByRole('checkbox', { name: new RegExp(other) }).uncheck();
  }
  await expect(estimate).toHaveText(new RegExp(`^About \\d+\\.\\d MB for ${mine.length} valves, \\d+ work orders`));

  // The progress line may be on screen for a moment only: every text it showed is collected as it changes.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="download-progress"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: TEXTS.offline.preloadNow }).click();
  await expect(page.getByTestId('kept-summary')).toContainText(`${mine.length} valves`, { timeout: 60_000 });
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  console.log('progress shown:', seen.join(' | '));
  expect(seen.some((text) => /of [\d,]+ records · [\d.]+ MB/.test(text))).toBe(true);
  const kept = page.getByTestId('kept-plant');
  await expect(kept).toHaveCount(1);
  await expect(kept).toContainText(PLANT);
  await expect(kept).toContainText(/\d+\.\d MB/);
  await expect(kept).toContainText(/relief valve tags?/);
  const photoCount = feed.photos.length;
  await expect(page.getByTestId('kept-photos')).toHaveText(
    new RegExp(`^${photoCount} photo thumbnails? \\(\\d+(?: kB|\\.\\d MB)\\)`),
    { timeout: 30_000 },
  );

  await context.setOffline(true);
  await page.goto(`/valves/${mine[0].id}`);
  await expect(page.getByRole('heading', { level: 1, name: mine[0].valveId })).toBeVisible();
  await expect(page.getByTestId('stored-data-notice')).toBeVisible();

  await page.goto(`/valves/${pictured.id}`);
  await page.getByRole('tab', { name: /Photos/ }).click();
  const thumbnails = page.getByRole('list', { name: 'Photos' }).getByRole('img');
  await expect(thumbnails).toHaveCount(feed.photos.filter((p) => p.valveId === pictured.id).length);
  // Drawn from the kept copy: the image arrived (a failed image has no natural width).
  await expect
    .poll(() => thumbnails.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await thumbnails.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/offline-plants-photos-360.png' });

  await page.goto(`/valves/${elsewhere.id}`);
  await expect(page.getByText(TEXTS.offline.notKept)).toBeVisible();

  // The kept order's procedure opens and is filled in with no signal; the procedures and plans lists were kept.
  await page.goto(`/work-orders/${order.id}?tab=procedure`);
  const permit = page.getByRole('listitem').filter({ has: page.getByText(/Loop in manual/) });
  await permit.getByRole('button', { name: 'Pass' }).click();
  await expect(permit).toContainText('Waiting to sync');
  await page.goto('/procedures');
  await expect(page.getByText('Control valve stroke test').first()).toBeVisible();
  await expect(page.getByText(TEXTS.offline.notKept)).toHaveCount(0);
  await page.goto('/plans');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(TEXTS.offline.notKept)).toHaveCount(0);

  await page.goto('/relief-valves');
  await expect(page.getByRole('link', { name: new RegExp(tag.tag) }).first()).toBeVisible();
  await expect(page.getByTestId('stored-data-notice')).toBeVisible();
  await page.goto(`/relief-valves/tags/${tag.id}`);
  await expect(page.getByRole('heading', { level: 1, name: tag.tag })).toBeVisible();
  await expect(page.getByTestId('stored-data-notice')).toBeVisible();
  // Issue 28: the test record form opens for a kept tag with no signal (its choices were kept), and the record
  // is kept on the device to send when the signal is back.
  if (tag.installed) {
    // Swapping and removing are online writes: with no signal they wait, and the page says why.
    await expect(page.getByText(RELIEF_TEXTS.positions.needsSignal)).toBeVisible();
    await expect(page.getByRole('button', { name: RELIEF_TEXTS.positions.swap })).toBeDisabled();
    await page.goto(`/relief-valves/tags/${tag.id}/record`);
    await expect(page.getByRole('heading', { name: `Test record: ${tag.tag}` })).toBeVisible();
    const set = tag.setPressure;
    const asFound = page.getByRole('group', { name: '1. As found, before cleaning' });
    await asFound.getByLabel('Opening (psi)').fill(String(set));
    await asFound.getByLabel('Reseat (psi)').fill(String(Math.round(set * 0.97)));
    await page.getByRole('button', { name: RELIEF_TEXTS.saveDraft }).click();
    // The checklist step above waits too: two changes kept on the device.
    await expect(page.getByText(TEXTS.banner.queued(2))).toBeVisible();
  }

  await page.goto('/app');
  await expect(page.getByTestId('figures-from-device')).toContainText('From the copy on this device');
  await expect(page.getByRole('list', { name: 'Key figures' })).toBeVisible();
  await page.screenshot({ path: 'test-results/offline-plants-dashboard-360.png' });
  await page.goto('/offline');
  await page.screenshot({ path: 'test-results/offline-plants-360.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/offline-plants-1280.png', fullPage: true });
  await context.setOffline(false);
  // The step recorded offline is sent once, in order, when the signal is back.
  await expect
    .poll(
      async () => (await getJson<ProcedureRun[]>(page.request, `/api/work-orders/${order.id}/procedures`))[0].results,
      { timeout: 30_000 },
    )
    .toEqual([expect.objectContaining({ stepKey: expect.any(String), answer: 'pass' })]);
  if (tag.installed) {
    // The relief record kept offline is sent once the signal is back: the tag files it as a draft.
    await expect
      .poll(
        async () => (await getJson<ReliefTagDetail>(page.request, `/api/relief-valves/tags/${tag.id}`)).tests.length,
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThan(testsBefore);
  }
});
