import { expect, type Page, test } from '@playwright/test';
import { IMPORT_KIND_TEXTS, IMPORT_TEXTS as T } from '../client/src/features/imports/texts';
import type { ManagedUser } from '../common/schemas/auth';
import type { Plan } from '../common/schemas/maintenance-plans';
import { getJson } from './support/api';
import { stateFile } from './support/personas';

// Issue 32 on a 360 px phone: a PM register on /plans/import (the engineer) and a staff list on /admin/users/import
// (the admin), each checked, its report read, and applied.
test.use({ viewport: { width: 360, height: 800 } });

const pageIsPhoneWide = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

const upload = (page: Page, name: string, lines: string[]) =>
  page.getByLabel(T.choose).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });

test.describe('plans', () => {
  test.use({ storageState: stateFile('engineer') });
  const P = IMPORT_KIND_TEXTS.plans;

  test('imports a PM register: new plans, a change, a refused row, at 360 px', async ({ page, request }) => {
    await page.goto('/plans');
    await page.getByRole('link', { name: 'Import' }).click();
    await expect(page.getByRole('heading', { name: P.title })).toBeVisible();
    await upload(page, 'pm-register.csv', [
      'PM title,Priority,Valve,Type,Site,Frequency,First due',
      'Quarterly walkdown V-001-BV,high,V-001-BV,,,3 months,2027-01-15',
      '"Stroke test, check valves",,,Check Valve,Chemical Plant C,6 months,2027-02-01',
      '"Annual packing inspection, gate valves, Gas Plant B",high,,,,,',
      'Ghost valve walkdown,,V-999-XV,,,1 month,2027-01-01',
    ]);
    const refused = page.getByRole('region', { name: T.refusedTitle });
    await expect(refused.getByText('Row 4, Valve: unknown valve V-999-XV')).toBeVisible();
    await expect(
      page.getByRole('region', { name: P.createsTitle }).getByText('Quarterly walkdown V-001-BV'),
    ).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: P.changesTitle })
        .getByText('Row 3, Annual packing inspection, gate valves, Gas Plant B'),
    ).toBeVisible();
    await pageIsPhoneWide(page);

    await page.getByRole('button', { name: P.apply(3) }).click();
    await expect(page.getByRole('heading', { name: T.appliedTitle })).toBeVisible();
    const plans = await getJson<Plan[]>(request, '/api/maintenance-plans');
    expect(plans.find((p) => p.title === 'Quarterly walkdown V-001-BV')).toMatchObject({
      priority: 'high',
      nextDueDay: '2027-01-15',
    });
    expect(plans.find((p) => p.title === 'Annual packing inspection, gate valves, Gas Plant B')?.priority).toBe('high');
    await page.getByRole('link', { name: P.done.label }).click();
    await expect(page).toHaveURL(/\/plans$/);
  });
});

test.describe('users', () => {
  test.use({ storageState: stateFile('admin') });
  const U = IMPORT_KIND_TEXTS.users;

  test('imports a staff list: invites the new people, changes a role, at 360 px', async ({ page, request }) => {
    await page.goto('/admin/users');
    await page.getByRole('link', { name: 'Import' }).click();
    await expect(page.getByRole('heading', { name: U.title })).toBeVisible();
    await upload(page, 'staff.csv', [
      'E-mail,Full name,Role,Sites',
      'Nia.Okoro@northfield.example,Nia Okoro,Technician,Gas Plant B',
      'grace.lindqvist@northfield.example,Grace Lindqvist,Supervisor,',
      'someone,Some One,Technician,',
    ]);
    const refused = page.getByRole('region', { name: T.refusedTitle });
    await expect(refused.getByText('Row 3, E-mail: "someone" must be an email address')).toBeVisible();
    await expect(
      page.getByRole('region', { name: U.createsTitle }).getByText('nia.okoro@northfield.example'),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: U.changesTitle }).getByText('technician → supervisor')).toBeVisible();
    await pageIsPhoneWide(page);

    await page.getByRole('button', { name: U.apply(2) }).click();
    await expect(page.getByRole('heading', { name: T.appliedTitle })).toBeVisible();
    // The new person's link, shown this once, one line of email and link.
    const links = page.getByRole('region', { name: T.invitationsTitle });
    await expect(links.getByText(T.invitationsReady(1))).toBeVisible();
    await expect(links.getByLabel(T.invitationsLabel)).toHaveValue(
      /^nia\.okoro@northfield\.example\thttps?:\/\/[^/]+\/accept-invite\?token=\S+$/,
    );
    await expect(page.getByRole('region', { name: T.skippedTitle })).toContainText('must be an email address');
    await page.screenshot({ path: 'test-results/user-import-invitations.png', fullPage: true });
    const people = await getJson<ManagedUser[]>(request, '/api/users');
    expect(people.find((u) => u.email === 'nia.okoro@northfield.example')).toMatchObject({
      invited: true,
      role: 'technician',
      plants: ['Gas Plant B'],
    });
    expect(people.find((u) => u.email === 'grace.lindqvist@northfield.example')?.role).toBe('supervisor');
    await page.getByRole('link', { name: U.done.label }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
  });
});
