import { expect, type Locator, type Page, test } from '@playwright/test';
import { PLANT_TEXTS } from '../client/src/features/plants/texts';
import { VALVE_WRITE_TEXTS } from '../client/src/features/valves/texts';
import type { PlantTree } from '../common/schemas/plant-tree';
import type { Plant } from '../common/schemas/plants';
import { TEXTS } from '../common/texts';
import { getJson } from './support/api';
import { DEMO_PASSWORD, SIGNED_OUT, stateFile } from './support/personas';

/**
 * Issue 30: a plant's tree, on a phone. The admin of the demo's second organization (so the first one's plants stay
 * as the other specs read them) adds two areas, a system, renames and moves it, puts a valve in the tree through
 * the valve form's Area field, follows a node to its valves, and removes the system once empty. A technician
 * reads the tree and changes nothing.
 */

const PHONE = { width: 360, height: 800 };
const PLANT = 'Gas Plant B';
const T = PLANT_TEXTS.tree;

async function signInAsBaysideAdmin(page: Page) {
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email: 'admin@bayside.example', password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
}

/** A field by its label, which may carry the required mark (' *') or '(optional)'. */
const labelled = (label: string) => new RegExp(`^${label}( \\*| \\(optional\\))?$`);
const toastWith = (page: Page, text: string) => page.getByRole('region', { name: /^Notifications/ }).getByText(text);
const areaCard = (page: Page, name: string): Locator =>
  page
    .getByRole('list', { name: T.areas })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
/** The whole plant's roll-up: the card of the link to all its valves. */
const wholePlant = (page: Page) => page.getByRole('link', { name: T.wholePlant }).locator('..');
/** A chip of the valve list as a screen reader says it: what it narrows to, and that a tap removes it. */
const chip = {
  area: (name: string) => `${VALVE_WRITE_TEXTS.chips.area(name)}, ${VALVE_WRITE_TEXTS.chips.remove}`,
  system: (name: string) => `${VALVE_WRITE_TEXTS.chips.system(name)}, ${VALVE_WRITE_TEXTS.chips.remove}`,
};
const systemsOf = (page: Page, area: string) => page.getByRole('list', { name: T.systemsOf(area) });

async function noSidewaysScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Adds a system through the area's own form, and waits for it in the area's list. */
async function addSystem(page: Page, area: string, name: string) {
  await areaCard(page, area)
    .getByRole('button', { name: `${T.addSystem}${T.toArea(area)}` })
    .click();
  const form = page.getByRole('form', { name: T.addSystemTo(area) });
  await form.getByLabel(labelled(T.newSystem)).fill(name);
  await form.getByRole('button', { name: T.addSystem }).click();
  await expect(systemsOf(page, area).getByRole('link', { name, exact: true })).toBeVisible();
}

test.describe('as the admin, on a phone', () => {
  test.use({ storageState: SIGNED_OUT, viewport: PHONE });

  test('keeps the areas and systems of a plant, and each opens its valves', async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsBaysideAdmin(page);
    await page.goto('/plants');
    const card = page
      .getByRole('list', { name: PLANT_TEXTS.title })
      .getByRole('listitem')
      .filter({ has: page.getByText(PLANT, { exact: true }) });
    await card.getByRole('link', { name: `${T.link}${T.linkOf(PLANT)}` }).click();
    await expect(page).toHaveURL(/\/plants\/\d+\/tree$/);
    await expect(page.getByRole('heading', { level: 1, name: T.title(PLANT) })).toBeVisible();
    const plantId = Number(/\/plants\/(\d+)\/tree/.exec(page.url())?.[1]);

    // The whole plant's roll-up is the server's.
    const before = await getJson<PlantTree>(page.request, `/api/plants/${plantId}/tree`);
    await expect(wholePlant(page)).toContainText(PLANT_TEXTS.valves(before.valves));
    await expect(wholePlant(page)).toContainText(T.overdue(before.overdue));
    await noSidewaysScroll(page);

    // Two areas; a second of the same name, in any case, is refused in the server's words, under the name.
    const addArea = page.getByRole('form', { name: T.addArea });
    for (const name of ['Jetty 3', 'Jetty 4']) {
      await page.getByRole('button', { name: T.addArea }).click();
      await addArea.getByLabel(labelled(T.newArea)).fill(name);
      await addArea.getByRole('button', { name: T.addArea }).click();
      await expect(toastWith(page, T.added(name))).toBeVisible();
      await expect(addArea).toHaveCount(0);
      await expect(areaCard(page, name)).toContainText(PLANT_TEXTS.valves(0));
    }
    await page.getByRole('button', { name: T.addArea }).click();
    await addArea.getByLabel(labelled(T.newArea)).fill('jetty 3');
    await addArea.getByRole('button', { name: T.addArea }).click();
    await expect(addArea.getByLabel(labelled(T.newArea))).toHaveAttribute('aria-invalid', 'true');
    await expect(addArea).toContainText(`${PLANT} already has an area named jetty 3`);
    await addArea.getByRole('button', { name: T.cancel }).click();

    // A system in Jetty 3, renamed, then moved to Jetty 4.
    await addSystem(page, 'Jetty 3', 'Ballast Water');
    await areaCard(page, 'Jetty 3')
      .getByRole('button', { name: `${T.edit} Ballast Water` })
      .click();
    const rename = page.getByRole('form', { name: T.renameOf('Ballast Water') });
    await rename.getByLabel(labelled(T.name)).fill('Ballast Water Return');
    await rename.getByRole('button', { name: T.rename }).click();
    await expect(toastWith(page, T.renamed('Ballast Water Return'))).toBeVisible();
    await expect(systemsOf(page, 'Jetty 3').getByRole('link', { name: 'Ballast Water Return' })).toBeVisible();

    await areaCard(page, 'Jetty 3')
      .getByRole('button', { name: `${T.edit} Ballast Water Return` })
      .click();
    const move = page.getByRole('form', { name: T.moveOf('Ballast Water Return') });
    await move.getByLabel(labelled(T.moveTo)).selectOption({ label: 'Jetty 4' });
    await noSidewaysScroll(page);
    await move.getByRole('button', { name: T.move }).click();
    await expect(toastWith(page, T.moved('Ballast Water Return', 'Jetty 4'))).toBeVisible();
    await expect(systemsOf(page, 'Jetty 4').getByRole('link', { name: 'Ballast Water Return' })).toBeVisible();
    await expect(areaCard(page, 'Jetty 3')).toContainText(T.noSystems);

    // A valve put in Jetty 4 through the form's Area field, which suggests the plant's areas.
    await page.goto('/valves');
    await page.getByRole('button', { name: TEXTS.valves.add }).click();
    const form = page.getByRole('dialog', { name: VALVE_WRITE_TEXTS.addTitle });
    await form.getByLabel('Plant').selectOption(PLANT);
    const areaOptions = form.locator('#valve-area-suggestions option');
    await expect(form.locator('#valve-area-suggestions option[value="Jetty 4"]')).toHaveCount(1);
    expect(await areaOptions.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(
      expect.arrayContaining(['Jetty 3', 'Jetty 4']),
    );
    const fields: Record<string, string> = {
      'Valve ID': 'JT-401',
      Size: '6 in',
      Pressure: 'Class 300',
      Area: 'Jetty 4',
      Location: 'Jetty 4, north berth',
      System: 'Fire Water',
      Manufacturer: 'Tideway',
      Model: 'TW-2',
    };
    for (const [label, value] of Object.entries(fields)) await form.getByLabel(labelled(label)).fill(value);
    await form.getByLabel(labelled('Status')).selectOption('maintenance');
    await form.getByRole('button', { name: VALVE_WRITE_TEXTS.saveNew }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('JT-401');

    // Its counts roll up: the new system, its area and the plant.
    await page.goto(`/plants/${plantId}/tree`);
    const jetty4 = areaCard(page, 'Jetty 4');
    await expect(jetty4).toContainText(PLANT_TEXTS.valves(1));
    await expect(jetty4).toContainText(T.inMaintenance(1));
    await expect(wholePlant(page)).toContainText(PLANT_TEXTS.valves(before.valves + 1));
    await page.screenshot({ path: 'test-results/plant-tree-360.png', fullPage: true });

    // The system's name opens the valve list narrowed to it, said in chips; a chip's tap widens it again.
    await systemsOf(page, 'Jetty 4').getByRole('link', { name: 'Fire Water', exact: true }).click();
    await expect(page).toHaveURL(/\/valves\?plant=Gas\+Plant\+B&area=Jetty\+4&system=Fire\+Water$/);
    const chips = page.getByRole('list', { name: VALVE_WRITE_TEXTS.chips.label });
    await expect(chips.getByRole('button')).toHaveText([chip.area('Jetty 4'), chip.system('Fire Water')]);
    const cards = page.getByRole('list', { name: 'Valves' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('JT-401');
    await noSidewaysScroll(page);
    await chips.getByRole('button', { name: VALVE_WRITE_TEXTS.chips.system('Fire Water') }).click();
    await expect(page).toHaveURL(/\/valves\?plant=Gas\+Plant\+B&area=Jetty\+4$/);
    await expect(chips.getByRole('button')).toHaveText([chip.area('Jetty 4')]);
    await expect(cards).toHaveCount(1);

    // Back in the tree: the empty system goes; the one with a valve offers no removal.
    await page.goto(`/plants/${plantId}/tree`);
    await jetty4.getByRole('button', { name: `${T.edit} Fire Water` }).click();
    await expect(jetty4.getByText(T.whyNoRemove)).toBeVisible();
    await jetty4.getByRole('button', { name: `${T.done} Fire Water` }).click();
    await jetty4.getByRole('button', { name: `${T.edit} Ballast Water Return` }).click();
    await jetty4.getByRole('button', { name: T.remove }).click();
    await page
      .getByRole('region', { name: T.removeTitle('Ballast Water Return') })
      .getByRole('button', { name: T.remove })
      .click();
    await expect(toastWith(page, T.removed('Ballast Water Return'))).toBeVisible();
    await expect(systemsOf(page, 'Jetty 4').getByRole('link')).toHaveText(['Fire Water']);
    const after = await getJson<PlantTree>(page.request, `/api/plants/${plantId}/tree`);
    expect(after.areas.find((a) => a.name === 'Jetty 4')?.systems.map((s) => s.name)).toEqual(['Fire Water']);
    await noSidewaysScroll(page);
  });
});

test.describe('as a technician', () => {
  test.use({ storageState: stateFile('technician'), viewport: PHONE });

  test('reads the tree and is offered no change', async ({ page }) => {
    const plants = await getJson<Plant[]>(page.request, '/api/plants');
    const plant = plants.find((p) => p.name === 'Power Plant A');
    await page.goto(`/plants/${plant?.id}/tree`);
    await expect(page.getByRole('heading', { level: 1, name: T.title('Power Plant A') })).toBeVisible();
    await expect(page.getByText(T.viewOnly)).toBeVisible();
    await expect(page.getByRole('form', { name: T.addArea })).toHaveCount(0);
    await expect(page.getByRole('button', { name: new RegExp(`^${T.edit} `) })).toHaveCount(0);
    const first = page.getByRole('list', { name: T.areas }).getByRole('listitem').first();
    await expect(first.getByRole('link').first()).toHaveAttribute('href', /^\/valves\?plant=Power\+Plant\+A&area=/);
    await noSidewaysScroll(page);
  });
});
