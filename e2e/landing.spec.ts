import { expect, test } from '@playwright/test';
import { TEXTS } from '../common/texts';

const L = TEXTS.landing;

test.describe('landing page', () => {
  test('shows every section of spec §2.20, with the statics and the trial claim as written', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: L.heroTitle })).toBeVisible();
    const figures = page.getByRole('list', { name: 'ValveOps in figures' });
    for (const stat of Object.values(L.stats)) await expect(figures.getByText(stat, { exact: true })).toBeVisible();
    const sections = [
      L.problemTitle,
      L.featuresTitle,
      L.industriesTitle,
      L.demoTitle,
      L.testimonialsTitle,
      L.roiTitle,
      L.ctaTitle,
    ];
    const tops: number[] = [];
    for (const name of sections) {
      const heading = page.getByRole('heading', { level: 2, name, exact: true });
      await expect(heading).toBeAttached();
      tops.push((await heading.boundingBox())?.y ?? 0);
    }
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    for (const industry of L.industries) await expect(page.getByText(industry, { exact: true })).toBeAttached();
    await expect(page.getByRole('link', { name: L.freeTrial })).toBeVisible();
    await expect(page.getByText(`${L.trialClaim}.`, { exact: false })).toBeAttached();
    await expect(page.getByRole('figure')).toHaveCount(3);
  });

  test('demo tabs: Dashboard first and selected, each linking to its screen', async ({ page }) => {
    await page.goto('/');
    const tabs = page.getByRole('tablist', { name: 'Demo' }).getByRole('tab');
    await expect(tabs).toHaveText([L.demoTabs.dashboard, L.demoTabs.manuals, L.demoTabs.analytics]);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    const demos: [string, string, string][] = [
      [L.demoTabs.dashboard, 'Open the dashboard', '/app'],
      [L.demoTabs.manuals, 'Browse the manuals', '/manuals'],
      [L.demoTabs.analytics, 'Explore predictive analytics', '/analytics'],
    ];
    for (const [tab, link, href] of demos) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel').getByRole('link', { name: link })).toHaveAttribute('href', href);
      // A real picture of that screen, loaded (not an empty box).
      const picture = page.getByRole('tabpanel').getByRole('img', { name: `The ${tab} screen of the demo plant` });
      await picture.scrollIntoViewIfNeeded();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(960);
    }
  });

  test('every link leads to a screen, never to "Page Not Found"', async ({ page }) => {
    const links: [string, string, string?][] = [
      [L.freeTrial, '/pricing'],
      [L.openApp, '/app'],
      [L.ctaButton, '/pricing'],
      ['Open the dashboard', '/app', L.demoTabs.dashboard],
      ['Browse the manuals', '/manuals', L.demoTabs.manuals],
      ['Explore predictive analytics', '/analytics', L.demoTabs.analytics],
    ];
    for (const [name, path, tab] of links) {
      await page.goto('/');
      // The page is painted before the app's code arrives; a tap while it takes the page over can be lost (the
      // server's signed-in visitor gets the app's header once it has).
      await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
      if (tab) await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: TEXTS.notFound.title })).toHaveCount(0);
    }
  });

  test('the ROI estimate applies the page claims to the figures typed in', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Yearly valve maintenance spend (USD)').fill('1,000,000');
    await page.getByLabel('Unplanned downtime per year (hours)').fill('50');
    await expect(page.getByTestId('roi-savings')).toHaveText('$250,000 – $350,000');
    await expect(page.getByTestId('roi-downtime')).toHaveText('20 hours');
  });

  test('fits a 360 px phone: no sideways scrolling, buttons big enough for gloves', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const name of [L.freeTrial, L.openApp]) {
      const box = await page.getByRole('link', { name }).boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }
  });
});
