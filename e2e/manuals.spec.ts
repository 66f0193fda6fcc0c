import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { actuatorLines, actuatorTitle, assemblyTools } from '../common/manuals/actuator';
import { filterManuals, NO_MANUAL_FILTERS } from '../common/manuals/filter';
import { EMERGENCY_RESPONSE_KIT, FEATURED_MANUALS, MANUAL_LIBRARY } from '../common/manuals/library';
import type { ValveDetail, ValveLookup, ValveSummary } from '../common/schemas/valves';
import { TEXTS } from '../common/texts';
import { getJson } from './support/api';
import { stateFile } from './support/personas';

const D = TEXTS.manualDialog;
const M = TEXTS.manuals;

async function valveByTag(request: Parameters<typeof getJson>[0], tag: string): Promise<ValveDetail> {
  const { id } = await getJson<ValveLookup>(request, `/api/valves/valve-id/${tag}`);
  return getJson<ValveDetail>(request, `/api/valves/${id}`);
}

async function openManual(page: Page, valve: ValveDetail, button = 'View Manual') {
  await page.goto(`/valves/${valve.id}`);
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: `${valve.valveId} Manual` });
  await expect(dialog).toBeVisible();
  return dialog;
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

test.describe('valve manual dialog', () => {
  test('ten tabs in order, each with the valve manual texts', async ({ page, request }) => {
    // The sample relief valve has every text, National Board included.
    const valve = await valveByTag(request, 'V-005-PV');
    const dialog = await openManual(page, valve);

    await expect(dialog).toContainText(`${valve.valveId} · ${valve.manufacturer} ${valve.model}`);
    await expect(dialog.getByText('Active', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('tab')).toHaveText([...D.tabs]);
    await expect(tab(page, 'Operating')).toHaveAttribute('aria-selected', 'true');

    const panel = dialog.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: D.specifications, exact: true })).toBeVisible();
    await expect(panel.getByRole('heading', { name: D.operatingManual, exact: true })).toBeVisible();
    // Manual text: UPPERCASE lines ending in a colon are headings; numbered steps and bullets are lists.
    await expect(panel.getByRole('heading', { name: 'NORMAL OPERATION' })).toBeVisible();
    await expect(
      panel.getByRole('listitem').filter({ hasText: 'Record the operation in the valve log' }),
    ).toBeVisible();

    await tab(page, 'Actuator').click();
    const title = actuatorTitle(valve.operatingManual, valve.specifications);
    expect(title).not.toBe('Actuator Information');
    await expect(panel.getByRole('heading', { name: title })).toBeVisible();
    const lines = actuatorLines(valve.operatingManual);
    expect(lines).toHaveLength(3);
    for (const line of lines) await expect(panel.getByText(line, { exact: true })).toBeVisible();
    await expect(panel.getByRole('heading', { name: D.assemblyTools })).toBeVisible();
    for (const tool of assemblyTools(valve.installationGuide) ?? []) {
      await expect(panel.getByRole('listitem').filter({ hasText: tool })).toBeVisible();
    }

    const single: [string, string | null][] = [
      ['Installation', valve.installationGuide],
      ['Parts', valve.partsList],
      ['Nozzles', valve.nozzleConfiguration],
      ['Torque', valve.torqueSpecifications],
      ['National Board', valve.nationalBoardInfo],
      ['ASME', valve.asmeCodeInfo],
      ['Certification', valve.certificationData],
    ];
    for (const [name, text] of single) {
      await tab(page, name).click();
      expect(text, name).toBeTruthy();
      const heading = (text ?? '').split('\n')[0].replace(/:$/, '');
      await expect(panel.getByRole('heading', { name: heading })).toBeVisible();
    }

    await tab(page, 'Maintenance').click();
    for (const name of [D.standardProcedure, D.troubleshooting, D.safetyProtocol]) {
      await expect(panel.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // Safety Protocol opens the same dialog on its Maintenance tab.
    await page.getByRole('button', { name: 'Safety Protocol' }).click();
    await expect(tab(page, 'Maintenance')).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('region', { name: D.safetyProtocol })).toContainText('Obtain a permit to work');
    await expect(
      panel.getByRole('region', { name: D.safetyProtocol }).getByRole('heading', { name: D.safetyProtocol }),
    ).toBeInViewport();
  });

  test('missing texts say so, the actuator falls back, and a status other than active or maintenance is red', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // A valve added with no documentation at all, as a new valve is before its manuals are filed.
    const engineer = await playwright.request.newContext({ baseURL, storageState: stateFile('engineer') });
    const tag = `V-${9000 + Math.floor(Math.random() * 900)}-BV`;
    const made = await engineer.post('/api/valves', {
      data: {
        valveId: tag,
        type: 'Ball Valve',
        size: '2"',
        pressure: '150 PSI',
        plant: 'Gas Plant B',
        location: 'Test bench',
        system: 'Utility Air',
        manufacturer: 'Acme',
        model: 'B-1',
      },
    });
    expect(made.status()).toBe(201);
    const created = (await made.json()) as ValveDetail;
    const stale = await engineer.patch(`/api/valves/${created.id}`, {
      data: { version: created.version, status: 'overdue' },
    });
    expect(stale.status()).toBe(200);
    await engineer.dispose();

    const dialog = await openManual(page, { ...created, status: 'overdue' });
    await expect(dialog.getByText('Overdue', { exact: true })).toHaveClass(/bg-red-100/);
    const panel = dialog.getByRole('tabpanel');
    await expect(panel).toHaveText(D.noData);

    await tab(page, 'Actuator').click();
    await expect(panel.getByRole('heading', { name: 'Actuator Information' })).toBeVisible();
    await expect(panel.getByText(D.actuatorFallback)).toBeVisible();
    await expect(panel.getByText(D.standardTooling)).toBeVisible();

    const expected: [string, string][] = [
      ['Installation', D.noData],
      ['Maintenance', D.noData],
      ['Parts', D.noData],
      ['Nozzles', D.noData],
      ['Torque', D.noData],
      ['National Board', D.noNationalBoard],
      ['ASME', D.noAsme],
      ['Certification', D.noCertification],
    ];
    for (const [name, text] of expected) {
      await tab(page, name).click();
      await expect(panel).toHaveText(text);
    }
  });
});

test.describe('manuals library', () => {
  const cards = (page: Page, tabName: string) => page.getByRole('list', { name: tabName }).getByRole('listitem');

  test('five valve and three nozzle manuals with every field, and the filters of spec §5', async ({ page }) => {
    await page.goto('/manuals');
    await expect(page.getByRole('heading', { level: 1, name: M.title })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText([`${M.tabs.valve} (5)`, `${M.tabs.nozzle} (3)`]);
    await expect(cards(page, M.tabs.valve)).toHaveCount(5);
    const ball = MANUAL_LIBRARY[0];
    const first = cards(page, M.tabs.valve).first();
    for (const text of [
      ball.title,
      ball.type,
      ball.category,
      ball.description,
      ...ball.compliance,
      String(ball.pages),
      ball.version,
      ball.downloadSize,
      ...ball.sections.map((s) => s.title),
    ]) {
      await expect(first).toContainText(text);
    }
    await expect(page.getByText(TEXTS.dashboard.manualFooter)).toBeVisible();
    await expect(page.getByRole('combobox', { name: M.category }).locator('option')).toHaveText([
      'All',
      'Operation',
      'Maintenance',
      'Technical',
      'Safety',
      'Installation',
      'Selection',
    ]);
    await expect(page.getByRole('combobox', { name: M.standard }).locator('option')).toHaveText([
      'All',
      'ASME',
      'API',
      'National Board',
      'NFPA',
      'ISO',
    ]);

    const search = page.getByRole('searchbox', { name: 'Search manuals' });
    await search.fill('GATE');
    await expect(cards(page, M.tabs.valve)).toHaveText([/Gate Valve Maintenance Guide/]);
    await search.fill('');

    await page.getByRole('combobox', { name: M.category }).selectOption('Maintenance');
    await expect(cards(page, M.tabs.valve)).toHaveCount(2);
    await page.getByRole('combobox', { name: M.standard }).selectOption('ISO');
    await expect(cards(page, M.tabs.valve)).toHaveText([/Globe Valve Service Manual/]);
    await page.getByRole('tab', { name: /Nozzle Manuals/ }).click();
    await expect(page.getByRole('tabpanel')).toHaveText(M.empty);

    await page.getByRole('combobox', { name: M.category }).selectOption('All');
    await page.getByRole('combobox', { name: M.standard }).selectOption('National Board');
    const expected = filterManuals(MANUAL_LIBRARY, { ...NO_MANUAL_FILTERS, standard: 'National Board' }).filter(
      (m) => m.kind === 'nozzle',
    );
    await expect(cards(page, M.tabs.nozzle)).toHaveText(expected.map((m) => new RegExp(m.title)));
    await expect(page.getByRole('tab')).toHaveText([`${M.tabs.valve} (1)`, `${M.tabs.nozzle} (1)`]);
  });

  test('Download gives a real PDF of the manual, from the library and from the dashboard', async ({ page }) => {
    await page.goto('/manuals');
    const manual = MANUAL_LIBRARY[1];
    const card = cards(page, M.tabs.valve).filter({ hasText: manual.title });
    const [response, download] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/manuals/${manual.id}/pdf`)),
      page.waitForEvent('download'),
      card.getByRole('button', { name: /Download/ }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(download.suggestedFilename()).toBe(`${manual.id}-v${manual.version}.pdf`);
    const pdf = readFileSync(await download.path());
    expect(pdf.length).toBeGreaterThan(1000);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The document's title, as its Info dictionary holds it (the page text itself is compressed).
    expect(pdf.toString('latin1')).toContain(`(${manual.title})`);

    const kit = page.getByRole('region', { name: EMERGENCY_RESPONSE_KIT.title });
    const [kitDownload] = await Promise.all([
      page.waitForEvent('download'),
      kit.getByRole('button', { name: /Download/ }).click(),
    ]);
    expect(kitDownload.suggestedFilename()).toBe(`${EMERGENCY_RESPONSE_KIT.id}-v${EMERGENCY_RESPONSE_KIT.version}.pdf`);

    await page.goto('/app');
    const section = page.getByRole('region', { name: TEXTS.dashboard.manualSection });
    await expect(section.getByRole('button', { name: /Download/ })).toHaveCount(FEATURED_MANUALS.length);
    const featured = FEATURED_MANUALS[2];
    const [fromDashboard] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: `Download ${featured.title}` }).click(),
    ]);
    expect(fromDashboard.suggestedFilename()).toBe(`${featured.id}-v${featured.version}.pdf`);
    expect(
      readFileSync(await fromDashboard.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});

test.describe('QR labels', () => {
  test("the valve detail shows the valve's label, and a plant's labels print as one sheet", async ({
    page,
    request,
  }) => {
    const valve = await valveByTag(request, 'V-002-GV');
    const inPlant = await getJson<ValveSummary[]>(request, `/api/valves?plant=${encodeURIComponent(valve.plant)}`);
    await page.addInitScript(() => {
      const w = window as unknown as { printed: number };
      w.printed = 0;
      window.print = () => {
        w.printed += 1;
      };
    });
    await page.goto(`/valves/${valve.id}`);
    const panel = page.getByRole('region', { name: TEXTS.labels.title });
    const label = panel.getByRole('img', { name: `QR label ${valve.valveId}` });
    await expect(label).toBeVisible();
    await expect.poll(() => label.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await panel.getByRole('button', { name: TEXTS.labels.print }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    // On screen the sheet exists only while printing, and is never seen.
    await expect(page.getByTestId('print-sheet').locator('img')).toHaveCount(1);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect(page.getByTestId('print-sheet')).toHaveCount(0);

    await panel.getByRole('button', { name: TEXTS.labels.printPlant(valve.plant) }).click();
    const sheetDialog = page.getByRole('dialog', { name: TEXTS.labels.sheetTitle(valve.plant) });
    await expect(sheetDialog.getByText(TEXTS.labels.count(inPlant.length))).toBeVisible();
    await expect(sheetDialog.getByRole('list', { name: 'Label preview' }).getByRole('img')).toHaveCount(inPlant.length);
    await sheetDialog.getByRole('button', { name: TEXTS.labels.printSheet }).click();
    const sheet = page.getByTestId('print-sheet');
    await expect(sheet.locator('img')).toHaveCount(inPlant.length);

    // On paper: the sheet alone, the app and the dialog hidden.
    await page.emulateMedia({ media: 'print' });
    await expect(sheet).toBeVisible();
    await expect(sheetDialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: valve.valveId })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(sheet).toBeHidden();
  });
});
