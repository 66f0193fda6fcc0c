import { expect, test } from '@playwright/test';
import { DISPLAY_LIMITS } from '../common/constants';
import type { Activity, DashboardStats } from '../common/schemas/dashboard';
import type { ValvePage } from '../common/schemas/valves';
import type { WorkOrderSummary } from '../common/schemas/work-orders';
import { TEXTS } from '../common/texts';
import { getJson } from './support/api';

test.describe('dashboard', () => {
  test('shows the sections of the spec, top to bottom', async ({ page }) => {
    await page.goto('/app');
    await expect(page.getByRole('alert').filter({ hasText: TEXTS.dashboard.emergencyTitle })).toBeVisible();
    await expect(page.getByPlaceholder(TEXTS.dashboard.searchPlaceholder)).toBeVisible();
    for (const label of TEXTS.dashboard.quickActions) {
      await expect(page.getByRole('button', { name: label, exact: true })).toBeVisible();
    }
    const headings = [
      'Quick Actions',
      TEXTS.dashboard.valveSection,
      TEXTS.dashboard.manualSection,
      TEXTS.dashboard.workOrderSection,
      TEXTS.dashboard.activitySection,
    ];
    const tops: number[] = [];
    for (const name of headings) {
      const heading = page.getByRole('heading', { level: 2, name, exact: true });
      await expect(heading).toBeVisible();
      tops.push((await heading.boundingBox())?.y ?? 0);
    }
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
  });

  test('stat cards show the figures of /api/dashboard/stats', async ({ page, request }) => {
    const stats = await getJson<DashboardStats>(request, '/api/dashboard/stats');
    await page.goto('/app');
    const figures = page.getByRole('list', { name: 'Key figures' }).getByRole('listitem');
    await expect(figures).toHaveCount(4);
    const expected: [string, string][] = [
      [TEXTS.dashboard.stats.activeWorkOrders, String(stats.activeWorkOrders)],
      [TEXTS.dashboard.stats.overdueItems, String(stats.overdueItems)],
      [TEXTS.dashboard.stats.inspectionsToday, String(stats.inspectionsToday)],
      [TEXTS.dashboard.stats.completionRate, `${stats.completionRate}%`],
    ];
    for (const [label, value] of expected) {
      const card = figures.filter({ hasText: label });
      await expect(card).toHaveCount(1);
      await expect(card.getByText(value, { exact: true })).toBeVisible();
    }
  });

  test('valve, work order and activity sections show the API data; a valve card opens its detail', async ({
    page,
    request,
  }) => {
    const valves = await getJson<ValvePage>(request, `/api/valves?limit=${DISPLAY_LIMITS.dashboardValves}`);
    const workOrders = await getJson<WorkOrderSummary[]>(request, '/api/work-orders');
    const activities = await getJson<Activity[]>(request, '/api/dashboard/activities');
    await page.goto('/app');

    const valveSection = page.getByRole('region', { name: TEXTS.dashboard.valveSection });
    const valveCards = valveSection.getByRole('listitem');
    await expect(valveCards).toHaveCount(valves.items.length);
    for (const [i, valve] of valves.items.entries()) {
      await expect(valveCards.nth(i)).toContainText(valve.valveId);
      await expect(valveCards.nth(i)).toContainText(valve.plant);
    }

    const orderCards = page.getByRole('region', { name: TEXTS.dashboard.workOrderSection }).getByRole('listitem');
    await expect(orderCards).toHaveCount(Math.min(DISPLAY_LIMITS.dashboardWorkOrders, workOrders.length));
    await expect(orderCards.first()).toContainText(workOrders[0].workOrderId);
    await expect(orderCards.first().getByRole('link')).toHaveAttribute('href', `/work-orders/${workOrders[0].id}`);

    const activityRows = page.getByRole('region', { name: TEXTS.dashboard.activitySection }).getByRole('listitem');
    await expect(activityRows).toHaveCount(activities.length);
    await expect(activityRows.first()).toContainText(activities[0].description);
    await expect(activityRows.first()).toContainText(TEXTS.dashboard.activitySource);

    const first = valves.items[0];
    await valveCards.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/valves/${first.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: first.valveId })).toBeVisible();
  });

  test('six manual cards with the library footer', async ({ page }) => {
    await page.goto('/app');
    const manuals = page.getByRole('region', { name: TEXTS.dashboard.manualSection });
    await expect(manuals.getByRole('button', { name: /Download/ })).toHaveCount(6);
    await expect(manuals.getByText(TEXTS.dashboard.manualFooter)).toBeVisible();
    await manuals.getByRole('link', { name: TEXTS.dashboard.viewAllManuals }).click();
    await expect(page).toHaveURL(/\/manuals$/);
  });

  test('View Details explains the emergency; search goes to the filtered valve list; Sync Data refreshes', async ({
    page,
  }) => {
    await page.goto('/app');
    await page.getByRole('button', { name: TEXTS.dashboard.emergencyButton }).click();
    const details = page.getByRole('dialog', { name: TEXTS.dashboard.emergencyTitle });
    await expect(details).toContainText(TEXTS.fab.emergencyAlert);
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    await page.getByRole('button', { name: 'Sync Data' }).click();
    await expect(page.getByText('Data refreshed', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Scan QR' }).click();
    await expect(page.getByRole('dialog', { name: 'QR Scanner' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByPlaceholder(TEXTS.dashboard.searchPlaceholder).fill('V-001');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/valves\?q=V-001$/);
    const cards = page.getByRole('list', { name: 'Valves' }).getByRole('listitem');
    await expect(cards.first()).toContainText('V-001');
  });

  test('at 360 px nothing overflows sideways and the bottom navigation is thumb-sized', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/app');
    await expect(page.getByRole('list', { name: 'Key figures' }).getByRole('listitem')).toHaveCount(4);
    await expect(
      page.getByRole('region', { name: TEXTS.dashboard.activitySection }).getByRole('listitem').first(),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
    await expect(links).toHaveCount(TEXTS.nav.length);
    for (const link of await links.all()) {
      const box = await link.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    }
  });

  test('at 360 px the monthly plant report downloads for the month chosen, never a month to come', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/app');
    const month = page.getByLabel('Monthly plant report');
    const thisMonth = new Date().toISOString().slice(0, 7);
    await expect(month).toHaveValue(thisMonth);
    await expect(month).toHaveAttribute('max', thisMonth);
    await month.fill('2026-10');
    const link = page.getByRole('link', { name: 'Download report (PDF)' });
    await expect(link).toHaveAttribute('href', '/api/reports/monthly.pdf?month=2026-10');
    const download = page.waitForEvent('download');
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('plant-report-2026-10.pdf');
  });

  test('draws whole: an emergency banner arriving late moves nothing under a thumb; a read never answered holds the rest 0.8 s at most', async ({
    page,
  }) => {
    // The layout shifts of the page's life, summed as Cumulative Layout Shift counts them (no input before them).
    await page.addInitScript(() => {
      const shifts = { total: 0 };
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) shifts.total += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // This device holds a session but no mark of one (storage cleared): the dashboard's reads start with the page's
    // sign-in check, and the banner's answers later than the session's.
    await page.route('**/api/emergencies', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto('/app');
    await expect(page.getByRole('alert').filter({ hasText: TEXTS.dashboard.emergencyTitle })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Key figures' }).getByRole('listitem')).toHaveCount(4);
    expect(await page.evaluate(() => (window as unknown as { shifts: { total: number } }).shifts.total)).toBeLessThan(
      0.01,
    );

    // With no answer at all (one bar of signal), Scan QR still comes.
    await page.unroute('**/api/emergencies');
    await page.route('**/api/emergencies', () => {});
    await page.reload();
    await expect(page.getByRole('button', { name: 'Scan QR', exact: true })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: TEXTS.dashboard.emergencyTitle })).toHaveCount(0);
  });
});
