import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { MAINTENANCE_TEXTS } from '../client/src/features/maintenance/texts';
import { PHOTO_TEXTS } from '../client/src/features/photos/texts';
import { VALVE_WRITE_TEXTS } from '../client/src/features/valves/texts';
import { WORK_ORDER_WRITE_TEXTS } from '../client/src/features/work-orders/texts';
import { VALVE_TAG_MESSAGE } from '../common/constants';
import type { Activity, DashboardStats } from '../common/schemas/dashboard';
import type { MaintenanceRecord } from '../common/schemas/maintenance-records';
import type { Photo } from '../common/schemas/photos';
import type { ValveDetail, ValveLookup } from '../common/schemas/valves';
import type { WorkOrderDetail } from '../common/schemas/work-orders';
import { TEXTS } from '../common/texts';
import { getJson } from './support/api';
import { PERSONAS, stateFile } from './support/personas';

/** The admin may add and edit valves, assign work and complete it: the whole chain runs as one person. */
test.use({ storageState: stateFile('admin') });

const STALE = 'Someone else changed this work order';

/** A small real photo, made here so the upload goes through the server's content checks and thumbnailing. */
const photoPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function fillValveForm(page: Page, valveId: string, overrides: Record<string, string> = {}) {
  const form = dialog(page, VALVE_WRITE_TEXTS.addTitle);
  const values: Record<string, string> = {
    'Valve ID': valveId,
    Size: '4"',
    Pressure: '600 PSI',
    Location: 'Unit 9, condensate return',
    System: 'Condensate',
    Manufacturer: 'Fisher',
    Model: 'E2E-V150',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values))
    await form.getByLabel(label, { exact: false }).first().fill(value);
  // The ID's code must name the type (issue 17 item 17): every tag here ends in BV.
  await form.getByLabel('Type').selectOption('Ball Valve');
  await form.getByLabel('Plant').selectOption('Gas Plant B');
  return form;
}

test.describe('work execution, start to finish', () => {
  test('add a valve, raise a work order, start it, note, photo, complete; dashboard and history follow', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const before = await getJson<DashboardStats>(request, '/api/dashboard/stats');

    // 1. Add Valve, with a safety protocol under Documentation.
    await page.goto('/valves');
    await page.getByRole('button', { name: TEXTS.valves.add }).click();
    const valveForm = await fillValveForm(page, 'v-901-bv');
    await valveForm.getByText(VALVE_WRITE_TEXTS.documentation, { exact: true }).click();
    await valveForm.getByLabel('Safety Protocol').fill('LOCKOUT:\n1. Close upstream isolation valve\n2. Vent to drain');
    await valveForm.getByLabel('Maintenance interval (days)').fill('90');
    await valveForm.getByRole('button', { name: VALVE_WRITE_TEXTS.saveNew }).click();
    await expect(page).toHaveURL(/\/valves\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'V-901-BV' })).toBeVisible();
    await expect(page.getByText(VALVE_WRITE_TEXTS.added('V-901-BV'), { exact: true })).toBeVisible();
    const valveId = Number(page.url().split('/').pop());
    await page.getByRole('button', { name: 'Safety Protocol', exact: true }).click();
    // Safety Protocol opens the valve's manual on its Maintenance tab, where the protocol is (issue 7).
    await expect(dialog(page, 'V-901-BV Manual').getByRole('tabpanel')).toContainText('Close upstream isolation valve');
    await page.keyboard.press('Escape');

    // 2. New Work Order from the valve's screen: the valve is already chosen.
    await page.getByRole('button', { name: 'New Work Order', exact: true }).click();
    const orderForm = dialog(page, WORK_ORDER_WRITE_TEXTS.newTitle);
    await expect(orderForm.getByTestId('chosen-valve')).toHaveText('V-901-BV');
    await orderForm.getByLabel('Title').fill('Replace stem packing');
    await orderForm.getByLabel('Description').fill('Packing weeps at the stem; replace and leak test.');
    await orderForm.getByLabel('Priority').selectOption('high');
    await orderForm.getByLabel('Due date').fill('2030-06-30');
    await orderForm.getByLabel('Assign to').selectOption({ label: `${PERSONAS.technician.name} (technician)` });
    await orderForm.getByRole('button', { name: WORK_ORDER_WRITE_TEXTS.create }).click();
    await expect(page).toHaveURL(/\/work-orders\/\d+$/);
    const header = page.locator('main header');
    await expect(header.getByRole('heading', { level: 1, name: 'Replace stem packing' })).toBeVisible();
    await expect(header).toContainText('High Priority');
    await expect(header).toContainText('Ready');
    await expect(header).toContainText(PERSONAS.technician.name);
    const workOrderId = Number(page.url().split('/').pop());
    const created = await getJson<WorkOrderDetail>(request, `/api/work-orders/${workOrderId}`);
    expect(created.workOrderId).toMatch(/^WO-\d{4}-\d+$/);
    const raised = await getJson<DashboardStats>(request, '/api/dashboard/stats');
    expect(raised.activeWorkOrders).toBe(before.activeWorkOrders + 1);

    // Complete waits for the work to start.
    await expect(page.getByRole('button', { name: 'Complete', exact: true })).toBeDisabled();

    // 3. Update Status → Start Work.
    await page.getByRole('button', { name: 'Update Status', exact: true }).click();
    await dialog(page, WORK_ORDER_WRITE_TEXTS.statusTitle)
      .getByRole('button', { name: /Start Work/ })
      .click();
    await expect(dialog(page, WORK_ORDER_WRITE_TEXTS.statusTitle)).toBeHidden();
    await expect(header).toContainText('In Progress');

    // 4. Add Note.
    await page.getByRole('button', { name: 'Add Note', exact: true }).click();
    await dialog(page, WORK_ORDER_WRITE_TEXTS.noteTitle)
      .getByLabel('Note')
      .fill('Isolation confirmed with the operator.');
    await dialog(page, WORK_ORDER_WRITE_TEXTS.noteTitle)
      .getByRole('button', { name: WORK_ORDER_WRITE_TEXTS.noteSubmit })
      .click();
    const records = page.getByRole('tabpanel').getByRole('list', { name: 'Maintenance records' });
    await expect(records).toContainText('Isolation confirmed with the operator.');

    // 5. Add Photo: the file input opens the camera on a phone; here a generated PNG is chosen.
    await page.getByRole('button', { name: 'Add Photo', exact: true }).click();
    const photoForm = dialog(page, PHOTO_TEXTS.addTitle);
    const fileInput = photoForm.locator('input[type="file"]');
    await expect(fileInput).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/heic,image/heif');
    await expect(fileInput).toHaveAttribute('capture', 'environment');
    await fileInput.setInputFiles({ name: 'packing.png', mimeType: 'image/png', buffer: await photoPng() });
    await expect(photoForm.getByRole('img', { name: 'Preview of your choice' })).toBeVisible();
    await photoForm.getByLabel('Description').fill('Stem packing before repair');
    await photoForm.getByRole('button', { name: PHOTO_TEXTS.upload }).click();
    await expect(photoForm).toBeHidden();
    await expect(page.getByRole('tab', { name: TEXTS.workOrders.detailTabs.photos })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const tiles = page.getByRole('tabpanel').getByRole('list', { name: 'Photos' }).getByRole('listitem');
    await expect(tiles).toHaveCount(1);
    await expect(tiles.first()).toContainText('Stem packing before repair');
    await expect
      .poll(() =>
        tiles
          .first()
          .getByRole('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    const photos = await getJson<Photo[]>(request, `/api/photos?workOrderId=${workOrderId}`);
    expect(photos).toHaveLength(1);

    // 6. Complete with findings and actions.
    await page.getByRole('button', { name: 'Complete', exact: true }).click();
    const completeForm = dialog(page, WORK_ORDER_WRITE_TEXTS.completeTitle);
    await completeForm.getByLabel('Maintenance type').selectOption('corrective');
    await completeForm.getByRole('button', { name: WORK_ORDER_WRITE_TEXTS.completeSubmit }).click();
    // Both are required: the form says so under each field before sending anything.
    await expect(completeForm.getByLabel('Findings')).toHaveAttribute('aria-invalid', 'true');
    await completeForm.getByLabel('Findings').fill('Packing worn, weeping at the gland.');
    await completeForm.getByLabel('Actions performed').fill('Replaced packing set, leak tested at 600 PSI: tight.');
    await completeForm.getByRole('button', { name: WORK_ORDER_WRITE_TEXTS.completeSubmit }).click();
    await expect(completeForm).toBeHidden();
    await expect(header).toContainText('Completed');
    await expect(page.getByRole('button', { name: 'Complete', exact: true })).toBeDisabled();
    await page.getByRole('tab', { name: TEXTS.workOrders.detailTabs.details }).click();
    await expect(page.getByRole('tabpanel')).not.toContainText(TEXTS.workOrders.notCompleted);

    // 7. Record an inspection on the valve (a technician's round).
    await page.goto(`/valves/${valveId}`);
    await page.getByRole('button', { name: VALVE_WRITE_TEXTS.recordInspection }).click();
    const inspection = dialog(page, MAINTENANCE_TEXTS.inspectionTitle);
    await inspection.getByLabel('What was inspected').fill('Post-repair walk-down');
    await inspection.getByLabel('Findings').fill('No leaks at the gland.');
    await inspection.getByRole('button', { name: MAINTENANCE_TEXTS.inspectionSubmit }).click();
    await expect(inspection).toBeHidden();

    // The valve's history: the completion record with findings and actions, the note and the inspection.
    await expect(page.getByRole('tab', { name: TEXTS.valves.tabs.maintenance })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const history = page.getByRole('tabpanel').getByRole('list', { name: 'Maintenance records' });
    const completion = history.getByRole('listitem').filter({ hasText: 'Completed: Replace stem packing' });
    await expect(completion).toContainText('Packing worn, weeping at the gland.');
    await expect(completion).toContainText('Replaced packing set, leak tested at 600 PSI: tight.');
    await expect(history).toContainText('Isolation confirmed with the operator.');
    await expect(history).toContainText('Post-repair walk-down');
    const valveRecords = await getJson<MaintenanceRecord[]>(request, `/api/maintenance-records?valveId=${valveId}`);
    expect(valveRecords.map((r) => r.type).sort()).toEqual(['corrective', 'inspection', 'note']);
    const valve = await getJson<ValveDetail>(request, `/api/valves/${valveId}`);
    expect(valve.lastMaintenance).not.toBeNull();

    // 8. The dashboard: the figures moved and the feed shows the completion.
    const after = await getJson<DashboardStats>(request, '/api/dashboard/stats');
    expect(after.activeWorkOrders).toBe(before.activeWorkOrders);
    expect(after.inspectionsToday).toBe(before.inspectionsToday + 1);
    await page.goto('/app');
    const figures = page.getByRole('list', { name: 'Key figures' }).getByRole('listitem');
    await expect(
      figures
        .filter({ hasText: TEXTS.dashboard.stats.inspectionsToday })
        .getByText(String(after.inspectionsToday), { exact: true }),
    ).toBeVisible();
    await expect(
      figures
        .filter({ hasText: TEXTS.dashboard.stats.completionRate })
        .getByText(`${after.completionRate}%`, { exact: true }),
    ).toBeVisible();
    const feed = page.getByRole('region', { name: TEXTS.dashboard.activitySection });
    const completedLine = `Work order ${created.workOrderId} Replace stem packing completed by ${PERSONAS.admin.name}`;
    await expect(feed.getByText(completedLine)).toBeVisible();
    const activities = await getJson<Activity[]>(request, '/api/dashboard/activities');
    expect(activities.map((a) => a.type)).toEqual(
      expect.arrayContaining(['work_order_completed', 'maintenance_completed']),
    );
  });
});

test.describe('forms show what the server refuses', () => {
  test('Add Valve: a taken tag and a too-long location show under their fields; a malformed tag never leaves the phone', async ({
    page,
    request,
  }) => {
    let valvePosts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/valves') valvePosts++;
    });
    await page.goto('/valves');
    await page.getByRole('button', { name: TEXTS.valves.add }).click();
    // Any plant's tag is taken (issue 30); one with a space is no tag at all.
    const form = await fillValveForm(page, 'V 12');
    const save = form.getByRole('button', { name: VALVE_WRITE_TEXTS.saveNew });
    const tag = form.getByLabel('Valve ID');

    await save.click();
    await expect(tag).toHaveAttribute('aria-invalid', 'true');
    await expect(form).toContainText(VALVE_TAG_MESSAGE);
    expect(valvePosts).toBe(0);

    // The server's 409: the tag exists in the organization.
    await tag.fill('V-001-BV');
    await save.click();
    await expect(form).toContainText('A valve with ID V-001-BV already exists.');
    await expect(tag).toHaveAttribute('aria-invalid', 'true');
    await expect(tag).toBeFocused();

    // The contract's length rule, checked before sending: the message sits under Location, nothing is sent.
    await tag.fill('V-902-BV');
    const location = form.getByLabel('Location');
    await location.fill('Pipe rack '.repeat(25));
    await save.click();
    await expect(location).toHaveAttribute('aria-invalid', 'true');
    await expect(form).toContainText('must be at most 200 characters');
    expect(valvePosts).toBe(1);

    // The server's 400 with issues (its real answer to that body, played back for the form's next try): the
    // message sits under Location too.
    const refused = await request.post('/api/valves', {
      data: {
        valveId: 'V-902-BV',
        type: 'Ball Valve',
        size: '4"',
        pressure: '600 PSI',
        plant: 'Gas Plant B',
        location: 'Pipe rack '.repeat(25),
        system: 'Condensate',
        manufacturer: 'Fisher',
        model: 'E2E-V150',
      },
    });
    expect(refused.status()).toBe(400);
    const answer = { status: refused.status(), contentType: 'application/json', body: await refused.text() };
    // The next POST only: the list's own GET of /api/valves may come in between and must reach the server.
    let played = false;
    await page.route('**/api/valves', (route) => {
      if (played || route.request().method() !== 'POST') return route.fallback();
      played = true;
      return route.fulfill(answer);
    });
    await location.fill('Pipe rack 4');
    await save.click();
    await expect(location).toHaveAttribute('aria-invalid', 'true');
    await expect(form).toContainText('must be at most 200 characters');
    await expect(page.getByText(VALVE_WRITE_TEXTS.addFailed, { exact: true }).first()).toBeVisible();
    expect(valvePosts).toBe(2);

    await location.fill('Pipe rack 4');
    await save.click();
    await expect(page.getByRole('heading', { level: 1, name: 'V-902-BV' })).toBeVisible();
  });

  test('a work order changed by someone else shows the newer one, and Re-apply my change lands on it', async ({
    page,
    request,
  }) => {
    const { id: valveId } = await getJson<ValveLookup>(request, '/api/valves/valve-id/V-002-GV');
    const made = await request.post('/api/work-orders', { data: { valveId, title: 'Check actuator air supply' } });
    expect(made.status()).toBe(201);
    const order = (await made.json()) as WorkOrderDetail;

    await page.goto(`/work-orders/${order.id}`);
    await expect(page.locator('main header')).toContainText('Ready');

    // Meanwhile a supervisor re-prioritises it.
    const changed = await request.patch(`/api/work-orders/${order.id}`, {
      data: { version: order.version, title: 'Check actuator air supply and regulator', priority: 'high' },
    });
    expect(changed.status()).toBe(200);

    await page.getByRole('button', { name: 'Update Status', exact: true }).click();
    const steps = dialog(page, WORK_ORDER_WRITE_TEXTS.statusTitle);
    await steps.getByRole('button', { name: /Start Work/ }).click();
    const notice = steps.getByRole('alert').filter({ hasText: STALE });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Check actuator air supply and regulator');
    await expect(notice).toContainText('High');
    // The screen behind already shows the newer work order.
    await expect(page.locator('main header')).toContainText('High Priority');

    await notice.getByRole('button', { name: 'Re-apply my change' }).click();
    await expect(steps).toBeHidden();
    await expect(page.locator('main header')).toContainText('In Progress');
    const now = await getJson<WorkOrderDetail>(request, `/api/work-orders/${order.id}`);
    expect(now.status).toBe('in_progress');
    expect(now.title).toBe('Check actuator air supply and regulator');

    // Edit: the form opens with the newer values and sends only what changed.
    await page.getByRole('button', { name: 'Edit work order' }).click();
    const edit = dialog(page, WORK_ORDER_WRITE_TEXTS.editTitle(order.workOrderId));
    await expect(edit.getByLabel('Title')).toHaveValue('Check actuator air supply and regulator');
    await edit.getByLabel('Priority').selectOption('low');
    await edit.getByRole('button', { name: WORK_ORDER_WRITE_TEXTS.editSubmit }).click();
    await expect(edit).toBeHidden();
    await expect(page.locator('main header')).toContainText('Low Priority');
  });

  test('Edit Valve saves only what changed; Decommission is refused while work is open', async ({ page, request }) => {
    const { id } = await getJson<ValveLookup>(request, '/api/valves/valve-id/V-003-CV');
    await page.goto(`/valves/${id}`);
    await page.getByRole('button', { name: VALVE_WRITE_TEXTS.editButton }).click();
    const form = dialog(page, VALVE_WRITE_TEXTS.editTitle('V-003-CV'));
    await expect(form.getByLabel('Model')).not.toHaveValue('');
    await form.getByLabel('Location').fill('North pipe rack, level 2');
    await form.getByRole('button', { name: VALVE_WRITE_TEXTS.saveEdit }).click();
    await expect(form).toBeHidden();
    await expect(page.locator('main header')).toContainText('North pipe rack, level 2');

    // Give the valve an open work order, then try to decommission it.
    await request.post('/api/work-orders', { data: { valveId: id, title: 'Open job before decommissioning' } });
    await page.reload();
    await page.getByRole('button', { name: VALVE_WRITE_TEXTS.decommissionButton }).click();
    const decommission = dialog(page, VALVE_WRITE_TEXTS.decommissionTitle('V-003-CV'));
    const submit = decommission.getByRole('button', { name: VALVE_WRITE_TEXTS.decommissionSubmit });
    await decommission.getByLabel('Reason').fill('Line removed in revamp');
    await expect(submit).toBeDisabled();
    await decommission.getByRole('checkbox').check();
    await submit.click();
    await expect(decommission.getByRole('alert')).toContainText(/open work order/);
    const valve = await getJson<ValveDetail>(request, `/api/valves/${id}`);
    expect(valve.status).not.toBe('decommissioned');
  });
});

test.describe('the shortcuts to the forms', () => {
  test('dashboard: search shows matches under the box; New Work Order and Photo Doc open their forms', async ({
    page,
  }) => {
    await page.goto('/app');
    await page.getByPlaceholder(TEXTS.dashboard.searchPlaceholder).fill('V-001');
    const results = page.getByRole('list', { name: 'Valve search results' });
    await expect(results.getByRole('link').first()).toContainText('V-001-BV');

    await page.getByRole('button', { name: 'New Work Order', exact: true }).click();
    const orderForm = dialog(page, WORK_ORDER_WRITE_TEXTS.newTitle);
    await orderForm.getByRole('searchbox', { name: 'Valve', exact: true }).fill('V-002');
    await orderForm
      .getByRole('list', { name: 'Matching valves' })
      .getByRole('button', { name: /V-002-GV/ })
      .click();
    await expect(orderForm.getByTestId('chosen-valve')).toHaveText('V-002-GV');
    await orderForm.getByRole('button', { name: WORK_ORDER_WRITE_TEXTS.create }).click();
    await expect(orderForm.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Photo Doc', exact: true }).click();
    const doc = dialog(page, PHOTO_TEXTS.docTitle);
    await expect(doc).toContainText(PHOTO_TEXTS.chooseValve);
    await doc.getByRole('searchbox', { name: 'Valve', exact: true }).fill('V-001');
    await doc
      .getByRole('list', { name: 'Matching valves' })
      .getByRole('button', { name: /V-001-BV/ })
      .click();
    await doc
      .locator('input[type="file"]')
      .setInputFiles({ name: 'gauge.png', mimeType: 'image/png', buffer: await photoPng() });
    await doc.getByLabel('Description').fill('Gauge reading at round');
    await doc.getByRole('button', { name: PHOTO_TEXTS.upload }).click();
    await expect(page).toHaveURL(/\/valves\/\d+\?tab=photos$/);
    await expect(page.getByRole('tabpanel').getByRole('list', { name: 'Photos' })).toContainText(
      'Gauge reading at round',
    );
  });

  test('a file that is not a photo is refused before upload', async ({ page, request }) => {
    const { id } = await getJson<ValveLookup>(request, '/api/valves/valve-id/V-001-BV');
    await page.goto(`/valves/${id}`);
    await page.getByRole('button', { name: 'Add Photo', exact: true }).click();
    const form = dialog(page, PHOTO_TEXTS.addTitle);
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expect(form).toContainText('Choose a JPEG, PNG, WebP or HEIC photo.');
    await form.getByRole('button', { name: PHOTO_TEXTS.upload }).click();
    await expect(form).toContainText(PHOTO_TEXTS.noFile);
  });
});

test.describe('what a role may not do is not offered', () => {
  test.use({ storageState: stateFile('engineer') });

  test('an engineer edits valves but does not complete work orders or assign them to others', async ({
    page,
    request,
  }) => {
    const { id: valveId } = await getJson<ValveLookup>(request, '/api/valves/valve-id/V-004-NV');
    const made = await request.post('/api/work-orders', { data: { valveId, title: 'Engineer review' } });
    const order = (await made.json()) as WorkOrderDetail;
    await request.post(`/api/work-orders/${order.id}/status`, {
      data: { version: order.version, status: 'in_progress' },
    });

    await page.goto(`/work-orders/${order.id}`);
    await expect(page.locator('main header')).toContainText('In Progress');
    await expect(page.getByRole('button', { name: 'Complete', exact: true })).toBeDisabled();
    await expect(page.getByText('Only technicians, supervisors and admins complete work orders.')).toBeVisible();

    await page.goto(`/valves/${valveId}`);
    await expect(page.getByRole('button', { name: VALVE_WRITE_TEXTS.editButton })).toBeVisible();
    await page.getByRole('button', { name: 'New Work Order', exact: true }).click();
    const assign = dialog(page, WORK_ORDER_WRITE_TEXTS.newTitle).getByLabel('Assign to');
    await expect(assign.locator('option')).toHaveText([
      WORK_ORDER_WRITE_TEXTS.unassigned,
      WORK_ORDER_WRITE_TEXTS.me(PERSONAS.engineer.name),
    ]);
  });
});
