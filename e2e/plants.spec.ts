import { expect, type Locator, type Page, test } from '@playwright/test';
import { AUTH_TEXTS } from '../client/src/features/auth/texts';
import { PLANT_TEXTS } from '../client/src/features/plants/texts';
import { VALVE_WRITE_TEXTS } from '../client/src/features/valves/texts';
import type { Plant, ValveTypeEntry } from '../common/schemas/plants';
import type { ValveSummary } from '../common/schemas/valves';
import { TEXTS } from '../common/texts';
import { getJson } from './support/api';
import { DEMO_PASSWORD, SIGNED_OUT, stateFile } from './support/personas';

/**
 * Issue 30: plants are the organization's data. An admin on a phone adds a plant in Berlin with metric units,
 * renames it, adds a valve type of the plant's own, puts a valve with the plant's own tag in it, finds it by that
 * type, and retires the plant. Everyone else reads the lists and changes nothing.
 */

const PHONE = { width: 360, height: 800 };

/**
 * The admin of the demo's second organization: a plant added and retired here stays in its organization, so the
 * other specs, which read the first organization's four plants, see them as the spec lists them.
 */
const BAYSIDE_ADMIN = { email: 'admin@bayside.example', name: 'Sam Whitaker' };
async function signInAsBaysideAdmin(page: Page) {
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email: BAYSIDE_ADMIN.email, password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
}
const F = PLANT_TEXTS.form;
/** A field by its label, which may carry the required mark (' *') or '(optional)'. */
const labelled = (label: string) => new RegExp(`^${label}( \\*| \\(optional\\))?$`);
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const plantCard = (page: Page, name: string): Locator =>
  page
    .getByRole('list', { name: PLANT_TEXTS.title })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });
const toastWith = (page: Page, text: string) => page.getByRole('region', { name: /^Notifications/ }).getByText(text);

async function noSidewaysScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The screen as a phone and as a desktop show it, for a person to look at (test-results/). */
async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `test-results/${name}-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await noSidewaysScroll(page);
  await page.screenshot({ path: `test-results/${name}-360.png`, fullPage: true });
}

test.describe('as the admin, on a phone', () => {
  test.use({ storageState: SIGNED_OUT, viewport: PHONE });

  test('adds a plant, renames it, adds a valve type, puts a valve in it, finds it, retires the plant', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAsBaysideAdmin(page);
    await page.goto('/app');
    await page.getByRole('button', { name: AUTH_TEXTS.menu.trigger(BAYSIDE_ADMIN.name) }).click();
    await page.getByRole('menuitem', { name: AUTH_TEXTS.menu.plants }).click();
    await expect(page).toHaveURL(/\/plants$/);
    await expect(page.getByRole('heading', { level: 1, name: PLANT_TEXTS.title })).toBeVisible();
    await expect(plantCard(page, 'Power Plant A')).toContainText('America / Chicago');

    // Add: a zone and the units of a European plant.
    await page.getByRole('button', { name: PLANT_TEXTS.add }).click();
    const add = dialog(page, F.addTitle);
    await add.getByLabel(labelled(F.name)).fill('Bayside');
    await add.getByLabel(labelled(F.timeZone)).selectOption('Europe/Berlin');
    await add.getByLabel(F.pressure).selectOption('bar');
    await add.getByLabel(F.temperature).selectOption('°C');
    await add.getByLabel(F.size).selectOption('DN');
    await add.getByLabel(labelled(F.code)).fill('bn');
    await add.screenshot({ path: 'test-results/plant-form-360.png' });
    await add.getByRole('button', { name: F.submitAdd }).click();
    await expect(add).toBeHidden();
    await expect(toastWith(page, PLANT_TEXTS.toasts.added('Bayside'))).toBeVisible();
    const added = plantCard(page, 'Bayside');
    await expect(added).toContainText('Europe / Berlin');
    await expect(added).toContainText('bar · °C · DN');
    await expect(added).toContainText('BN');
    await expect(added).toContainText(PLANT_TEXTS.valves(0));

    // A second plant of the same name is refused, under the name.
    await page.getByRole('button', { name: PLANT_TEXTS.add }).click();
    const again = dialog(page, F.addTitle);
    await again.getByLabel(labelled(F.name)).fill('Bayside');
    await again.getByRole('button', { name: F.submitAdd }).click();
    await expect(again.getByLabel(labelled(F.name))).toHaveAttribute('aria-invalid', 'true');
    await again.getByRole('button', { name: F.cancel }).click();

    // Rename it.
    await added.getByRole('button', { name: `${PLANT_TEXTS.edit} Bayside` }).click();
    const edit = dialog(page, PLANT_TEXTS.editOf('Bayside'));
    await edit.getByLabel(labelled(F.name)).fill('Bayside North');
    await edit.getByRole('button', { name: F.submitEdit }).click();
    await expect(edit).toBeHidden();
    const bayside = plantCard(page, 'Bayside North');
    await expect(bayside).toContainText('Europe / Berlin');
    const saved = (await getJson<Plant[]>(page.request, '/api/plants')).find((p) => p.name === 'Bayside North');
    expect(saved).toMatchObject({
      timeZone: 'Europe/Berlin',
      units: { pressure: 'bar', temperature: '°C', size: 'DN' },
      code: 'BN',
      retired: false,
    });
    await shoot(page, 'plants');

    // The plant's own valve type; one the catalog has (in any case) is refused with the server's words.
    await page.getByRole('link', { name: PLANT_TEXTS.typesLink }).click();
    await expect(page.getByRole('heading', { level: 1, name: PLANT_TEXTS.types.title })).toBeVisible();
    const typeForm = page.getByRole('form', { name: PLANT_TEXTS.types.add });
    const typeName = typeForm.getByLabel(labelled(PLANT_TEXTS.types.name));
    await typeName.fill('ball valve');
    await typeForm.getByRole('button', { name: PLANT_TEXTS.types.add }).click();
    await expect(typeName).toHaveAttribute('aria-invalid', 'true');
    await expect(typeForm).toContainText('Ball Valve');
    await typeName.fill('Bellows Seal Valve');
    await typeForm.getByRole('button', { name: PLANT_TEXTS.types.add }).click();
    await expect(toastWith(page, PLANT_TEXTS.types.added('Bellows Seal Valve'))).toBeVisible();
    const types = page.getByRole('list', { name: PLANT_TEXTS.types.title }).getByRole('listitem');
    await expect(types.filter({ hasText: 'Bellows Seal Valve' })).toContainText(PLANT_TEXTS.types.own);
    await expect(types.filter({ hasText: /^Gate Valve/ })).toContainText(PLANT_TEXTS.types.standard);
    await expect(typeName).toHaveValue('');
    await shoot(page, 'valve-types');

    // A valve with the plant's own tag, as typed, in the new plant, of the new type.
    await page.goto('/valves');
    await page.getByRole('button', { name: TEXTS.valves.add }).click();
    const valveForm = dialog(page, VALVE_WRITE_TEXTS.addTitle);
    await expect(valveForm.getByLabel('Valve ID')).toBeVisible();
    const fields: Record<string, string> = {
      'Valve ID': 'FCV-101A',
      Size: 'DN 100',
      Pressure: 'PN 40',
      Location: 'Pier 2, cooling water',
      System: 'Cooling water',
      Manufacturer: 'Samson',
      Model: '3241',
    };
    for (const [label, value] of Object.entries(fields)) await valveForm.getByLabel(label).first().fill(value);
    await valveForm.getByLabel('Type').selectOption('Bellows Seal Valve');
    await valveForm.getByLabel('Plant').selectOption('Bayside North');
    await valveForm.getByRole('button', { name: VALVE_WRITE_TEXTS.saveNew }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('FCV-101A');

    // Found by its type: the filter offers the types in use, the new one now among them.
    await page.goto('/valves');
    await page.getByRole('combobox', { name: 'Type' }).selectOption('Bellows Seal Valve');
    await expect(page).toHaveURL(/type=Bellows\+Seal\+Valve/);
    const cards = page.getByRole('list', { name: 'Valves' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('FCV-101A');
    const inPlant = await getJson<ValveSummary[]>(
      page.request,
      `/api/valves?plant=${encodeURIComponent('Bayside North')}`,
    );
    expect(inPlant.map((v) => v.valveId)).toEqual(['FCV-101A']);
    expect(inPlant[0].plantId).toBe(saved?.id);
    const catalog = await getJson<ValveTypeEntry[]>(page.request, '/api/valve-types');
    expect(catalog.find((t) => t.name === 'Bellows Seal Valve')?.valves).toBe(1);

    // Retired, it stays listed with its valve, marked so, and is no longer offered for new valves.
    await page.goto('/plants');
    await plantCard(page, 'Bayside North')
      .getByRole('button', { name: `${PLANT_TEXTS.edit} Bayside North` })
      .click();
    const retire = dialog(page, PLANT_TEXTS.editOf('Bayside North'));
    await retire.getByRole('button', { name: PLANT_TEXTS.retire }).click();
    await retire
      .getByRole('region', { name: PLANT_TEXTS.retireTitle('Bayside North') })
      .getByRole('button', { name: PLANT_TEXTS.retire })
      .click();
    await expect(retire).toBeHidden();
    await expect(plantCard(page, 'Bayside North')).toContainText(PLANT_TEXTS.retired);
    await expect(plantCard(page, 'Bayside North')).toContainText(PLANT_TEXTS.valves(1));
    await page.goto('/valves');
    await page.getByRole('button', { name: TEXTS.valves.add }).click();
    const plantChoice = dialog(page, VALVE_WRITE_TEXTS.addTitle).getByLabel('Plant');
    await expect(plantChoice.locator('option')).toHaveText([
      'Power Plant A',
      'Gas Plant B',
      'Chemical Plant C',
      'Nuclear Plant D',
    ]);
  });
});

test.describe('the manufacturers, as the admin on a phone', () => {
  test.use({ storageState: SIGNED_OUT, viewport: PHONE });

  test('suggests the makers in use on the valve form, and merges two spellings of one maker', async ({ page }) => {
    const valve = (valveId: string, manufacturer: string) => ({
      valveId,
      type: 'Gate Valve',
      size: '6 in',
      pressure: 'Class 300',
      plant: 'Gas Plant B',
      location: 'Tank farm',
      system: 'Crude transfer',
      manufacturer,
      model: 'GX-6',
    });
    await signInAsBaysideAdmin(page);
    for (const [tag, maker] of [
      ['HV-7001', 'Harbor Valve Works'],
      ['HV-7002', 'Harbour Valve Works'],
    ]) {
      expect((await page.request.post('/api/valves', { data: valve(tag, maker) })).status()).toBe(201);
    }
    // The form offers the makers already named, so a new valve picks one rather than typing a third spelling.
    await page.goto('/valves');
    await page.getByRole('button', { name: TEXTS.valves.add }).click();
    const suggestions = dialog(page, VALVE_WRITE_TEXTS.addTitle).locator('#valve-manufacturer-suggestions option');
    // Polled: the makers load as the form opens, after the click has returned.
    await expect
      .poll(() => suggestions.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)))
      .toEqual(expect.arrayContaining(['Harbor Valve Works', 'Harbour Valve Works']));

    await page.goto('/valve-types');
    const merge = page.getByRole('form', { name: PLANT_TEXTS.makers.merge });
    await merge.getByLabel(labelled(PLANT_TEXTS.makers.from)).selectOption('Harbour Valve Works');
    await merge.getByLabel(labelled(PLANT_TEXTS.makers.into)).fill('Harbor Valve Works');
    await merge.getByRole('button', { name: PLANT_TEXTS.makers.merge }).click();
    await expect(toastWith(page, PLANT_TEXTS.makers.merged(1, 'Harbor Valve Works'))).toBeVisible();
    const makers = page.getByRole('list', { name: PLANT_TEXTS.makers.title });
    await expect(makers.getByText('Harbour Valve Works', { exact: true })).toHaveCount(0);
    await expect(
      makers.getByRole('listitem').filter({ has: page.getByText('Harbor Valve Works', { exact: true }) }),
    ).toContainText(PLANT_TEXTS.valves(2));
    await shoot(page, 'manufacturers');
  });
});

test.describe('as a technician', () => {
  test.use({ storageState: stateFile('technician'), viewport: PHONE });

  test('reads the plants and the catalog, and is offered no change', async ({ page }) => {
    await page.goto('/plants');
    await expect(plantCard(page, 'Gas Plant B')).toBeVisible();
    await expect(page.getByText(PLANT_TEXTS.viewOnly)).toBeVisible();
    await expect(page.getByRole('button', { name: PLANT_TEXTS.add })).toHaveCount(0);
    await expect(page.getByRole('button', { name: new RegExp(`^${PLANT_TEXTS.edit}`) })).toHaveCount(0);

    await page.getByRole('link', { name: PLANT_TEXTS.typesLink }).click();
    await expect(page.getByRole('list', { name: PLANT_TEXTS.types.title })).toContainText('Ball Valve');
    await expect(page.getByRole('form', { name: PLANT_TEXTS.types.add })).toHaveCount(0);
    await expect(page.getByText(PLANT_TEXTS.types.viewOnly)).toBeVisible();
    await noSidewaysScroll(page);
  });
});
