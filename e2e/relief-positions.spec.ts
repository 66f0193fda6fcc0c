import { expect, test } from '@playwright/test';
import { RELIEF_TEXTS } from '../client/src/features/relief-valves/texts';
import type { ReliefTestOptions } from '../common/schemas/relief-valves';
import { getJson } from './support/api';
import { stateFile } from './support/personas';

const T = RELIEF_TEXTS.positions;
const R = RELIEF_TEXTS.review;

// An engineer (valves:edit) adds and edits positions and valves; installing and removing is any tester's.
test.use({ storageState: stateFile('engineer'), viewport: { width: 360, height: 800 } });

test('an engineer at 360 px adds a tag and a relief valve, installs it, edits both and removes it with a reason', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const run = Date.now().toString(36).toUpperCase();
  const tagName = `PSV-${run}`;
  const serial = `SN-${run}`;

  await page.goto('/relief-valves');
  await page.getByRole('button', { name: T.addTag }).click();
  const tagForm = page.getByRole('form', { name: T.addTag });
  await tagForm.getByRole('button', { name: T.addTag }).click();
  // The contract's check, at the fields, before anything is sent.
  await expect(tagForm.getByRole('textbox', { name: 'Tag', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(tagForm.getByText('Set pressure is required')).toBeVisible();
  await tagForm.getByRole('textbox', { name: 'Tag', exact: true }).fill(tagName);
  await tagForm.getByLabel('Plant').selectOption('Power Plant A');
  await tagForm.getByLabel('Set pressure').fill('150');
  await tagForm.getByLabel('Protects').fill('Air receiver AR-7');
  await tagForm.getByLabel('Service').fill('Instrument air');
  await tagForm.getByRole('button', { name: T.addTag }).click();
  await expect(page.getByText(T.tagAdded(tagName), { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: tagName, exact: true })).toBeVisible();
  const tagUrl = page.url();

  await page.getByRole('button', { name: T.editTag(tagName) }).click();
  const edit = page.getByRole('form', { name: T.editTag(tagName) });
  await edit.getByLabel('Interval (months)').fill('200');
  await edit.getByRole('button', { name: T.saveTag }).click();
  await expect(edit.getByText('Interval (months) must be at most 120 months')).toBeVisible();
  await edit.getByLabel('Interval (months)').fill('12');
  await edit.getByLabel('Service').fill('Plant air');
  await edit.getByRole('button', { name: T.saveTag }).click();
  await expect(page.getByText(T.tagSaved(tagName), { exact: true })).toBeVisible();
  await expect(page.getByText('Plant air')).toBeVisible();

  await page.goto('/relief-valves/devices');
  await page.getByRole('button', { name: T.addDevice }).click();
  const deviceForm = page.getByRole('form', { name: T.addDevice });
  const fill = async (label: string, value: string) => deviceForm.getByRole('textbox', { name: label }).fill(value);
  await fill('Serial number', serial);
  await fill('Manufacturer', 'Farris');
  await fill('Model', '2600');
  await fill('Orifice', 'J');
  await fill('Inlet', '3"');
  await fill('Outlet', '4"');
  await fill('Set pressure', '150');
  await fill('Capacity', '18,700 lb/h');
  await fill('Code stamp', 'UV');
  await fill('Built-up back pressure', '150');
  await deviceForm.getByRole('button', { name: T.addDevice }).click();
  // The server's refusal (a back pressure at the set), at its field and in view.
  await expect(deviceForm.getByText('must be below the set pressure')).toBeInViewport();
  await page.screenshot({ path: 'test-results/relief-device-refused-360.png' });
  await fill('Built-up back pressure', '12');
  await deviceForm.getByRole('button', { name: T.addDevice }).click();
  await expect(page.getByText(T.deviceAdded(serial), { exact: true })).toBeVisible();
  const card = page.getByRole('list', { name: 'Relief valves' }).getByRole('listitem').filter({ hasText: serial });
  await expect(card).toContainText('Spare');
  await card.getByRole('button', { name: T.editDevice(serial) }).click();
  const deviceEdit = page.getByRole('form', { name: T.editDevice(serial) });
  await expect(deviceEdit.getByText('Set 150 psi')).toBeVisible();
  await deviceEdit.getByRole('textbox', { name: 'Model', exact: true }).fill('2600L');
  await deviceEdit.getByRole('button', { name: T.saveDevice }).click();
  await expect(page.getByText(T.deviceSaved(serial), { exact: true })).toBeVisible();
  await expect(card).toContainText('Farris 2600L');

  await page.goto(tagUrl);
  await page.getByRole('button', { name: T.install }).click();
  const install = page.getByRole('form', { name: T.install });
  const spare = await install.locator('option', { hasText: `S/N ${serial} ` }).getAttribute('value');
  await install.getByLabel('Spare relief valve').selectOption(spare ?? '');
  await install.getByRole('button', { name: T.install }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/relief-install-360.png' });
  await install.getByRole('button', { name: T.install }).click();
  await expect(page.getByText(T.installed(serial, tagName), { exact: true })).toBeVisible();
  await expect(page.getByText(`Installed: S/N ${serial}, Farris 2600L`)).toBeVisible();

  await page.getByRole('button', { name: T.remove }).click();
  const remove = page.getByRole('form', { name: T.remove });
  await remove.getByRole('button', { name: T.remove }).click();
  await expect(remove.getByText('Reason is required')).toBeVisible();
  await remove.getByLabel('Reason').fill('Out to the shop for its test');
  await remove.getByRole('button', { name: T.remove }).click();
  await expect(page.getByText(T.removed(serial, tagName), { exact: true })).toBeVisible();
  await expect(page.getByText('Installed: none')).toBeVisible();
  await expect(page.getByText('Out to the shop for its test')).toBeVisible();
  await page.screenshot({ path: 'test-results/relief-positions-360.png', fullPage: true });
});

test('an engineer at 360 px overrides an as-found verdict with a reason and accepts the nameplate a tester found', async ({
  page,
}) => {
  const run = Date.now().toString(36).toUpperCase();
  const request = page.request;
  const post = async (path: string, data: unknown) => {
    const response = await request.post(path, { data });
    expect(response.ok(), `POST ${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
    return response.json();
  };
  const options = await getJson<ReliefTestOptions>(request, '/api/relief-valves/test-options');
  const tag = await post('/api/relief-valves/tags', {
    tag: `PSV-R${run}`,
    plant: 'Power Plant A',
    setPressure: 200,
    protectedEquipment: 'Steam drum SD-1',
    service: 'Steam',
    intervalRule: 'fixed',
    intervalMonths: 12,
  });
  const device = await post('/api/relief-valves/devices', {
    serialNumber: `SN-R${run}`,
    manufacturer: 'Consolidated',
    model: '1900',
    orifice: 'K',
    inletSize: '3"',
    outletSize: '4"',
    setPressure: 200,
    capacity: '24,000 lb/h',
    codeStamp: 'UV',
    design: 'conventional',
    seatType: 'metal',
    code: 'asme-viii',
  });
  await post(`/api/relief-valves/tags/${tag.id}/install`, { deviceId: device.id, installedOn: '2026-01-05' });
  await post('/api/relief-valves/tests', {
    deviceId: device.id,
    testedOn: '2026-11-20',
    place: 'shop',
    medium: 'air',
    certificateId: options.certificates.find((c) => c.kind === 'vr')?.id,
    gaugeId: options.instruments.find((i) => i.identifier === 'G-104')?.id,
    // 212 psi is 6% over a 200 psi set: outside ASME VIII's ±3%.
    asFound: { opening: 212, reseat: 196 },
    asLeft: { opening: 200, reseat: 192 },
    foundNameplate: { model: '1900-30', setPressure: 200 },
    submit: true,
  });

  await page.goto(`/relief-valves/tags/${tag.id}`);
  const record = page.getByRole('list', { name: 'Tests' }).getByRole('listitem').first();
  await expect(record).toContainText('As found');
  await record.getByRole('button', { name: R.override }).click();
  const form = record.getByRole('form', { name: R.override });
  await expect(form.getByLabel('As-found verdict')).toHaveValue('pass');
  await form.getByRole('button', { name: R.override }).click();
  await expect(form.getByText("Engineer's reason is required")).toBeVisible();
  await form.getByLabel("Engineer's reason").fill('Gauge G-104 read 6 psi high on the day: rechecked at set');
  await form.getByRole('button', { name: R.override }).click();
  await expect(page.getByText(R.overrideSaved, { exact: true })).toBeVisible();
  await expect(record).toContainText('As-found verdict overridden to pass by');
  await expect(record).toContainText('Gauge G-104 read 6 psi high');

  await expect(record.getByRole('list', { name: R.plateFound })).toContainText('Model: 1900-30');
  await record.getByRole('button', { name: R.acceptPlate }).click();
  await expect(page.getByText(R.plateAccepted, { exact: true })).toBeVisible();
  await expect(record).toContainText('Accepted into the device record by');
  await expect(page.getByText(`Installed: S/N SN-R${run}, Consolidated 1900-30`)).toBeVisible();
  await page.screenshot({ path: 'test-results/relief-review-360.png', fullPage: true });
});
