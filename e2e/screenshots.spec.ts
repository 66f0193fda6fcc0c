import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import type { ValveLookup } from '../common/schemas/valves';
import type { WorkOrderSummary } from '../common/schemas/work-orders';
import { getJson } from './support/api';

/**
 * Not a check: full-page pictures of the main screens at phone and desktop widths, for a person to look at.
 * `npm run screenshots` runs it (playwright.config.ts leaves it out of the suite otherwise); writes to SHOTS_DIR
 * or /tmp/shots. It also remakes the landing page's "See it in action" pictures (client/public/landing/*.webp,
 * committed) from the running demo.
 */

const dir = process.env.SHOTS_DIR ?? '/tmp/shots';
const MAX_PARTS = 8;
const widths = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 900 },
];

for (const { name, width, height } of widths) {
  test(`screens at ${width} px`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const { id: valveId } = await getJson<ValveLookup>(request, '/api/valves/valve-id/V-001-BV');
    const [order] = await getJson<WorkOrderSummary[]>(request, '/api/work-orders');
    await page.setViewportSize({ width, height });
    // [file name, path, tab to open first]
    const screens: [string, string, string?][] = [
      ['dashboard', '/app'],
      ['valves', '/valves'],
      ['valve-detail', `/valves/${valveId}`],
      ['valve-maintenance', `/valves/${valveId}`, 'Maintenance'],
      ['valve-photos', `/valves/${valveId}`, 'Photos'],
      ['work-orders', '/work-orders'],
      ['work-order-detail', `/work-orders/${order.id}`],
      ['work-order-valve', `/work-orders/${order.id}`, 'Valve Info'],
      ['not-found', '/no-such-page'],
    ];
    for (const [screen, path, tab] of screens) {
      await page.goto(path);
      if (tab) await page.getByRole('tab', { name: tab }).click();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      // Screen by screen as a person scrolls (a full-page shot draws the fixed bars in the wrong place).
      const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      const parts = Math.min(MAX_PARTS, Math.ceil(pageHeight / height));
      for (let part = 0; part < parts; part++) {
        await page.evaluate((y) => window.scrollTo(0, y), part * (height - 80));
        await page.screenshot({ path: `${dir}/${screen}-${name}-${part + 1}.png` });
      }
    }
  });
}

/** The landing page's demo tiles: the real screens at a laptop's width, as small WebP files (under 150 kB each). */
test('landing page pictures of the demo', async ({ page }) => {
  test.setTimeout(90_000);
  const out = path.resolve(import.meta.dirname, '../client/public/landing');
  await mkdir(out, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const [name, at] of [
    ['dashboard', '/app'],
    ['manuals', '/manuals'],
    ['analytics', '/analytics'],
  ] as const) {
    await page.goto(at);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    const png = await page.screenshot();
    await sharp(png)
      .resize({ width: 960 })
      .webp({ quality: 72 })
      .toFile(path.join(out, `${name}.webp`));
  }
});
