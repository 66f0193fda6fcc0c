import { expect, type Locator, test } from '@playwright/test';
import { MAINTENANCE_TEXTS } from '../client/src/features/maintenance/texts';
import { RELIEF_TEXTS } from '../client/src/features/relief-valves/texts';
import { VALVE_WRITE_TEXTS } from '../client/src/features/valves/texts';
import type { ReliefTag } from '../common/schemas/relief-valves';
import { getJson } from './support/api';
import { stateFile } from './support/personas';

// Issue 26: one way to write a form. A refusal, the contract's or the server's, shows at the field it is about,
// and on a phone (360 x 740) the first one is brought into view: the technician at the submit button sees it.
test.use({ storageState: stateFile('technician'), viewport: { width: 360, height: 740 } });

const shots = `test-results/forms-${process.env.E2E_PORT ?? 'default'}`;

/** The control is inside the visible part of the screen, not above the fold. */
async function expectOnScreen(control: Locator) {
  await expect(control).toBeInViewport();
  const box = await control.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.y ?? -1) >= 0 && (box?.y ?? 741) + (box?.height ?? 0) <= 740).toBe(true);
}

test("the contract's refusal of a relief test record shows at its fields, the first scrolled into view", async ({
  page,
  request,
}) => {
  const tags = await getJson<ReliefTag[]>(request, '/api/relief-valves/tags?plant=Gas%20Plant%20B');
  const tag = tags.find((x) => x.tag === 'PSV-1075') as ReliefTag;
  await page.goto(`/relief-valves/tags/${tag.id}/record`);
  await expect(page.getByRole('heading', { name: 'Test record: PSV-1075' })).toBeVisible();

  // No test date (top of the form), and a negative simmer in the as-found test below: a nested field
  // ('asFound.simmer'), whose message the form used to lose (it looked for it under 'asFound').
  const testedOn = page.getByLabel(/^Tested on/);
  await testedOn.fill('');
  const asFound = page.getByRole('group', { name: '1. As found, before cleaning' });
  await asFound.getByLabel('Opening (psi)').fill(String(tag.setPressure));
  await asFound.getByLabel('Simmer (psi)').fill('-1');
  const submit = page.getByRole('button', { name: RELIEF_TEXTS.submit });
  await submit.scrollIntoViewIfNeeded();
  await expect(testedOn).not.toBeInViewport();
  await submit.click();

  await expect(page.getByText('Tested on must be a date (YYYY-MM-DD)')).toBeVisible();
  await expect(testedOn).toHaveAttribute('aria-invalid', 'true');
  await expect(testedOn).toBeFocused();
  await expectOnScreen(testedOn);
  await expect(asFound.getByText('Simmer (psi) must not be negative')).toBeAttached();
  await expect(asFound.getByLabel('Simmer (psi)')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${shots}-relief-record.png` });
});

test("the server's 400 lands on the field it names, brought into view", async ({ page, request }) => {
  const [valve] = await getJson<{ id: number; status: string }[]>(request, '/api/valves?status=active');
  let sent = 0;
  await page.route('**/api/maintenance-records', (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    sent += 1;
    return route.fulfill({
      status: 400,
      json: {
        message: 'Invalid body: findings must be at most 2000 characters',
        issues: [{ path: 'findings', message: 'must be at most 2000 characters' }],
      },
    });
  });
  await page.goto(`/valves/${valve.id}`);
  await page.getByRole('button', { name: VALVE_WRITE_TEXTS.recordInspection }).click();
  const dialog = page.getByRole('dialog', { name: MAINTENANCE_TEXTS.inspectionTitle });
  await dialog.getByLabel('What was inspected').fill('Weekly walk-down');
  await dialog.getByLabel('Findings').fill('No leaks at the gland.');
  await dialog.getByRole('button', { name: MAINTENANCE_TEXTS.inspectionSubmit }).click();

  const findings = dialog.getByLabel('Findings');
  await expect(dialog.getByText('Findings must be at most 2000 characters')).toBeVisible();
  await expect(findings).toHaveAttribute('aria-invalid', 'true');
  await expect(findings).toBeFocused();
  await expectOnScreen(findings);
  await expect(dialog.getByRole('alert')).toContainText(MAINTENANCE_TEXTS.checkFields);
  expect(sent).toBe(1);
  await page.screenshot({ path: `${shots}-inspection-400.png` });

  // Mended, the field's message goes; the form stays open for the next try.
  await findings.fill('No leaks.');
  await expect(findings).toHaveAttribute('aria-invalid', 'false');
});
