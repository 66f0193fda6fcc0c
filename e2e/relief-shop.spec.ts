import { expect, test } from '@playwright/test';
import { RELIEF_TEXTS as T } from '../client/src/features/relief-valves/texts';

// The supervisor (the suite's default) holds relief-valves:certify: the shop's records are theirs to add.
test.use({ viewport: { width: 360, height: 800 } });

test('a supervisor at 360 px sees what runs out, and adds a gauge, a qualification and a certificate, refused at the field first', async ({
  page,
}) => {
  await page.goto('/relief-valves');
  await page.getByRole('link', { name: T.shop.link }).click();
  await expect(page.getByRole('heading', { name: T.shop.title })).toBeVisible();
  // The demo's G-117 ran out of calibration 20 days ago.
  const gauges = page.getByRole('list', { name: 'Benches and gauges' });
  await expect(gauges.getByRole('listitem').filter({ hasText: 'G-117' })).toContainText('expired');
  await expect(page.getByRole('list', { name: 'Certificates' }).getByRole('listitem')).toHaveCount(3);

  await page.getByRole('button', { name: T.shop.addInstrument }).click();
  const form = page.getByRole('form', { name: T.shop.addInstrument });
  await form.getByLabel('Description').fill('Test gauge 0-200 psi, 0.25% FS');
  await form.getByLabel('Last calibrated on').fill('2027-06-01');
  await form.getByLabel('Calibration due on').fill('2027-05-01');
  await form.getByLabel('Full scale (from zero)').fill('200');
  await form.getByRole('button', { name: T.shop.addInstrument }).click();
  // The contract's own check, before anything is sent.
  await expect(form.getByLabel('Identifier')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Identifier is required')).toBeVisible();

  await form.getByLabel('Identifier').fill('G-360');
  await form.getByRole('button', { name: T.shop.addInstrument }).click();
  // The server's refusal, at its field, scrolled into view.
  const calibrated = form.getByLabel('Last calibrated on');
  await expect(calibrated).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('must not be after the calibration due date')).toBeInViewport();
  await page.screenshot({ path: 'test-results/relief-shop-refused-360.png', fullPage: true });

  await calibrated.fill('2026-05-01');
  await form.getByRole('button', { name: T.shop.addInstrument }).click();
  await expect(page.getByText(T.shop.instrumentAdded('G-360'), { exact: true })).toBeVisible();
  await expect(gauges.getByRole('listitem').filter({ hasText: 'G-360' })).toContainText('Calibration due');

  await page.getByRole('button', { name: T.shop.addQualification }).click();
  const qualification = page.getByRole('form', { name: T.shop.addQualification });
  await qualification.getByLabel('Qualification number').fill('Q-360');
  await qualification.getByLabel('Expires on').fill('2028-01-31');
  await qualification.getByRole('button', { name: T.shop.addQualification }).click();
  await expect(qualification.getByText('Tester is not chosen yet')).toBeVisible();
  await qualification.getByLabel('Tester').selectOption({ label: 'Maria Santos' });
  await qualification.getByLabel('Under certificate').selectOption({ index: 1 });
  await qualification.getByRole('button', { name: T.shop.addQualification }).click();
  await expect(page.getByText(T.shop.qualificationAdded('Maria Santos'), { exact: true })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Tester qualifications' }).getByRole('listitem').filter({ hasText: 'Q-360' }),
  ).toContainText('Expires');

  const number = `VR-${Date.now().toString(36).toUpperCase()}`;
  await page.getByRole('button', { name: T.shop.addCertificate }).click();
  const certificate = page.getByRole('form', { name: T.shop.addCertificate });
  await certificate.getByLabel('Certificate number').fill(number);
  await certificate.getByRole('button', { name: T.shop.addCertificate }).click();
  await expect(certificate.getByText('Holder is required')).toBeVisible();
  await certificate.getByLabel('Holder').fill('Gulf Valve Services');
  await certificate.getByLabel('Expires on').fill('2029-03-31');
  await certificate.getByRole('button', { name: T.shop.addCertificate }).click();
  await expect(page.getByText(T.shop.certificateAdded(number), { exact: true })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Certificates' }).getByRole('listitem').filter({ hasText: number }),
  ).toContainText('Gulf Valve Services');
  await page.screenshot({ path: 'test-results/relief-shop-360.png', fullPage: true });
});
