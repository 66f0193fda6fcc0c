import { expect, type Page, test } from '@playwright/test';
import { headerSignature } from '../client/src/features/analytics/import/csv-mapping';
import { IMPORT_TEXTS as T } from '../client/src/features/analytics/import/texts';
import type { ValveChannels } from '../common/schemas/analytics';
import type { ImportMapping } from '../common/schemas/import-mappings';
import type { ValveLookup } from '../common/schemas/valves';
import { getJson } from './support/api';
import { stateFile } from './support/personas';

test.use({ storageState: stateFile('engineer') });

/** A minute of a valve's flow (L/min) and motor current (A) at 1 Hz, three hours ago, as a historian writes it. */
function export_(tag: string, offsetS = 0) {
  const start = Math.floor(Date.now() / 60_000) * 60_000 - 3 * 3_600_000 + offsetS * 1000;
  const rows = Array.from({ length: 60 }, (_, s) =>
    [new Date(start + s * 1000).toISOString(), tag, (840 + (s % 5)).toFixed(1), (11.5 + (s % 3) / 10).toFixed(2)].join(
      ';',
    ),
  );
  return ['time;tag;FT-101 flow;M1 current', ...rows].join('\n');
}

async function open(page: Page, csv: string, name: string) {
  await page.goto('/analytics/import');
  await page.getByLabel(T.chooseFile).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText(T.fileSummary(name, 60, 4))).toBeVisible();
}

test('maps columns to channels and units, and the next file from the source is matched the same way on another device', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const valve = await getJson<ValveLookup>(request, '/api/valves/valve-id/V-006-BV');
  await page.setViewportSize({ width: 360, height: 800 });
  await open(page, export_(valve.valveId), 'line3-monday.csv');
  const source = `Line 3 historian ${Date.now()}`;
  await page.getByLabel(T.sourceName).fill(source);
  await page.getByRole('button', { name: T.addChannel }).click();
  await page.getByRole('combobox', { name: `${T.channelColumn} 1` }).selectOption('FT-101 flow');
  await page.getByRole('textbox', { name: `${T.channelName} 1` }).fill('flow');
  await page.getByRole('combobox', { name: `${T.channelUnit} 1` }).selectOption('L/min');
  await page.getByRole('button', { name: T.addChannel }).click();
  // The next column not used yet is offered, named after its header.
  await expect(page.getByRole('combobox', { name: `${T.channelColumn} 2` })).toHaveValue('M1 current');
  await expect(page.getByRole('textbox', { name: `${T.channelName} 2` })).toHaveValue('M1_current');
  await page.getByRole('textbox', { name: `${T.channelName} 2` }).fill('motor_current');
  await expect(page.getByText(`Choose the unit of channel motor_current.`)).toBeVisible();
  await page.getByRole('combobox', { name: `${T.channelUnit} 2` }).selectOption('A');
  await expect(page.getByText(T.counts(60, 120, 0))).toBeVisible();
  await expect(page.getByRole('table')).toContainText('840.00 L/min');
  await page.screenshot({ path: 'test-results/import-channels-360.png', fullPage: true });
  await page.getByRole('button', { name: T.importButton(120) }).click();
  const summary = page.getByRole('region', { name: T.summaryTitle });
  await expect(summary.getByRole('definition')).toHaveText(['60', '120', '0', '0', '0']);

  // Stored as channels in their units, and the matching kept on the server under the source's name.
  const channels = await getJson<ValveChannels>(request, `/api/analytics/valves/${valve.id}/channels`);
  expect(channels.channels.map((c) => [c.name, c.unit]).sort()).toEqual(
    expect.arrayContaining([
      ['flow', 'L/min'],
      ['motor_current', 'A'],
    ]),
  );
  // Both saves (under the name and under the columns) are under way beside the import: the other device reads the
  // list once they have landed, or it would race the second one.
  await expect
    .poll(async () =>
      (await getJson<ImportMapping[]>(request, '/api/sensor-readings/import-mappings')).map((m) => m.source),
    )
    .toEqual(expect.arrayContaining([source, headerSignature(['time', 'tag', 'FT-101 flow', 'M1 current'])]));

  // Another device: a fresh browser, nothing kept in it. Naming the source brings the matching back.
  const other = await browser.newContext({
    storageState: stateFile('engineer'),
    viewport: { width: 1280, height: 800 },
  });
  const second = await other.newPage();
  await open(second, export_(valve.valveId, 60), 'line3-tuesday.csv');
  await second.getByLabel(T.sourceName).fill(source);
  await expect(second.getByRole('status').filter({ hasText: `Columns matched as saved for ${source}` })).toBeVisible();
  await expect(second.getByRole('textbox', { name: `${T.channelName} 1` })).toHaveValue('flow');
  await expect(second.getByRole('combobox', { name: `${T.channelUnit} 2` })).toHaveValue('A');
  await expect(second.getByText(T.counts(60, 120, 0))).toBeVisible();
  await second.screenshot({ path: 'test-results/import-channels-1280.png', fullPage: true });

  // A file with the same columns and no name is matched by its header, as the last import of it was saved.
  await open(second, export_(valve.valveId, 120), 'line3-wednesday.csv');
  await expect(
    second.getByRole('status').filter({ hasText: T.savedApplied(T.sameColumns, null, '').split(' on ')[0] }),
  ).toBeVisible();
  await expect(second.getByRole('textbox', { name: `${T.channelName} 2` })).toHaveValue('motor_current');
  await other.close();
});
