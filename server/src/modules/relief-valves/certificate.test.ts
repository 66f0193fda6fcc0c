import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ReliefDeviceDetail, ReliefTest } from '@common/schemas/relief-valves';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valves } from '../../db/schema';
import { DEMO_PASSWORD } from '../../demo/accounts';
import { multipart } from '../../testing/multipart';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

/*
 * The certificate an inspector reads (issue 28): set conditions (CDTP, back pressure, a steam valve set on air), the
 * VR repair nameplate, both calibration dates, and the nameplate photo only when one was marked as the plate's.
 * Its pages are rendered with pdftoppm (scripts/ensure-poppler.sh); set CERTIFICATE_OUT to keep them and look.
 */

const run = promisify(execFile);
const BASE = '/api/relief-valves';
let t: TestContext;
let options: { certificates: { id: number; kind: string }[]; instruments: { id: number; identifier: string }[] };
let out: string;

beforeAll(async () => {
  t = await createTestApp();
  options = (await t.get(`${BASE}/test-options`, 'technician')).json();
  out = process.env.CERTIFICATE_OUT ?? (await mkdtemp(path.join(os.tmpdir(), 'certificate-')));
  await mkdir(out, { recursive: true });
});
afterAll(() => t.close());

const certificateId = (kind: string) => options.certificates.find((c) => c.kind === kind)?.id;
const gaugeId = (identifier: string) => options.instruments.find((i) => i.identifier === identifier)?.id;

const steamDevice = (serialNumber: string, extra: Record<string, unknown> = {}) =>
  send(
    t,
    'POST',
    `${BASE}/devices`,
    {
      serialNumber,
      manufacturer: 'Emerson Crosby',
      model: 'JOS-E 900',
      orifice: 'J',
      inletSize: '3"',
      outletSize: '4"',
      setPressure: 150,
      pressureUnit: 'psi',
      capacity: '18,700 lb/h',
      codeStamp: 'UV',
      design: 'conventional',
      seatType: 'metal',
      code: 'asme-viii',
      serviceFluid: 'steam',
      superimposedBackPressure: 15,
      builtUpBackPressure: 30,
      ...extra,
    },
    { as: 'engineer' },
  );

/** A position on a safety relief valve record with a steam valve installed, and a photo of that valve's plate. */
async function steamPosition(serial: string) {
  const [valve] = await t.db.select().from(valves).where(eq(valves.type, 'Safety Relief Valve')).limit(1);
  const tag = await send(
    t,
    'POST',
    `${BASE}/tags`,
    {
      tag: `PSV-C${serial}`,
      plant: valve.plant,
      valveId: valve.id,
      setPressure: 150,
      protectedEquipment: 'Steam drum D-1',
      service: 'Saturated steam',
      intervalRule: 'fixed',
      intervalMonths: 12,
    },
    { as: 'engineer' },
  );
  expect(tag.statusCode).toBe(201);
  const device = await steamDevice(`CERT-${serial}`);
  expect(device.statusCode).toBe(201);
  const deviceId = (device.json() as ReliefDeviceDetail).id;
  const tagId = tag.json().id as number;
  expect(
    (await send(t, 'POST', `${BASE}/tags/${tagId}/install`, { deviceId, installedOn: '2026-11-01' })).statusCode,
  ).toBe(200);
  const plate = await sharp({ create: { width: 60, height: 30, channels: 3, background: '#b0b0b0' } })
    .jpeg()
    .toBuffer();
  const body = multipart(
    { valveId: String(valve.id), description: 'Nameplate' },
    { name: 'plate.jpg', type: 'image/jpeg', bytes: plate },
    'photo',
  );
  const photo = await t.app.inject({
    method: 'POST',
    url: '/api/photos',
    payload: body.payload,
    headers: { 'content-type': body.contentType, cookie: await t.cookie('technician') },
  });
  expect(photo.statusCode).toBe(201);
  return { deviceId, photoId: photo.json().id as number, valveId: valve.id };
}

const record = (deviceId: number, extra: Record<string, unknown>) =>
  send(t, 'POST', `${BASE}/tests`, {
    deviceId,
    testedOn: '2026-11-18',
    place: 'shop',
    medium: 'air',
    certificateId: certificateId('vr'),
    gaugeId: gaugeId('G-104'),
    asFound: { opening: 151, reseat: 145 },
    asFoundSeat: { medium: 'air', heldPressure: 135, bubblesPerMinute: 0 },
    piping: { inlet: 'clear', outlet: 'clear' },
    submit: true,
    ...extra,
  });

/** The certificate's text (pdftotext -raw: in the order it was written) and its pages rendered as an inspector sees them. */
async function certificate(test: ReliefTest, name: string) {
  const pdf = await t.get(`${BASE}/tests/${test.id}/certificate.pdf`, 'technician');
  expect(pdf.statusCode).toBe(200);
  const file = path.join(out, `${name}.pdf`);
  await writeFile(file, pdf.rawPayload);
  await run('pdftoppm', ['-png', '-r', '80', file, path.join(out, name)]);
  const pages = (await readdir(out)).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'));
  expect(pages.length).toBeGreaterThan(0);
  const { stdout } = await run('pdftotext', ['-raw', file, '-']);
  return { text: stdout.replace(/\s+/g, ' '), hasImage: pdf.rawPayload.includes('/Subtype /Image') };
}

describe('device set conditions', () => {
  it('keeps service, CDTP and back pressure in psi and refuses a back pressure at or above set at its field', async () => {
    const res = await steamDevice('CERT-BAR', {
      pressureUnit: 'bar',
      setPressure: 10,
      coldDifferentialTestPressure: 9,
      superimposedBackPressure: 1,
      builtUpBackPressure: 2,
    });
    expect(res.json()).toMatchObject({
      serviceFluid: 'steam',
      coldDifferentialTestPressure: 130.53,
      superimposedBackPressure: 14.5,
      builtUpBackPressure: 29.01,
    });
    const refused = await steamDevice('CERT-BP', { superimposedBackPressure: 150 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      expect.objectContaining({ path: 'superimposedBackPressure', message: 'must be below the set pressure' }),
    ]);
  });
});

describe('instruments', () => {
  it('keep the last calibration beside the due date, and refuse one after it at its field', async () => {
    const gauge = { kind: 'gauge', identifier: 'G-900', description: 'Test gauge 0-300 psi', rangeMax: 300 };
    const kept = await send(t, 'POST', `${BASE}/instruments`, {
      ...gauge,
      calibratedOn: '2026-05-01',
      calibrationDueOn: '2027-05-01',
    });
    expect(kept.statusCode).toBe(201);
    expect(kept.json()).toMatchObject({ calibratedOn: '2026-05-01', calibrationDueOn: '2027-05-01' });
    const refused = await send(t, 'POST', `${BASE}/instruments`, {
      ...gauge,
      identifier: 'G-901',
      calibratedOn: '2027-06-01',
      calibrationDueOn: '2027-05-01',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues[0]).toMatchObject({ path: 'calibratedOn' });
  });
});

describe('the certificate of a steam valve repaired under a VR certificate', () => {
  it('refuses a nameplate photo of another valve at its field', async () => {
    const { deviceId, valveId } = await steamPosition('1');
    const [other] = (await t.get('/api/photos?valveId=1')).json() as { id: number; valveId: number }[];
    expect(other.valveId).not.toBe(valveId);
    const res = await record(deviceId, { nameplatePhotoId: other.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0]).toMatchObject({
      path: 'nameplatePhotoId',
      message: "is not a photo of this position's valve",
    });
  });

  it('prints CDTP, back pressure, the air-set correction, the repair nameplate, both calibration dates and the plate photo', async () => {
    const { deviceId, photoId } = await steamPosition('2');
    const res = await record(deviceId, {
      partsReplaced: ['Disc'],
      // A repair is tested as left before it is submitted (NBIC Part 3).
      asLeft: { opening: 151, reseat: 145 },
      sealNumber: 'S-4411',
      nameplatePhotoId: photoId,
      airSetCorrection: { percent: 1, source: 'maker IOM, air set of steam valves' },
    });
    expect(res.statusCode).toBe(201);
    const test = res.json() as ReliefTest;
    expect(test.status).toBe('submitted');
    const { text, hasImage } = await certificate(test, 'repaired');
    for (const printed of [
      'CDTP 135 psi (set minus superimposed back pressure: conventional valve, API 520 Part I)',
      'Back pressure superimposed 15 psi, built-up 30 psi',
      'Built-up back pressure is 20% of set: over the 10% a conventional valve allows (API 520 Part I)',
      'Steam valve set on air: +1% (maker IOM, air set of steam valves), bench set 136.35 psi for CDTP 135 psi',
      'REPAIR NAMEPLATE (NBIC PART 3, VR)',
      'Seal no. S-4411',
      'calibrated 2026-05-19, calibration due 2027-05-19',
      'NAMEPLATE PHOTO',
    ]) {
      expect(text).toContain(printed);
    }
    expect(hasImage).toBe(true);
  });

  it('prints no photo when none was marked as the plate, and says the air-set correction is missing', async () => {
    const { deviceId } = await steamPosition('3');
    const res = await record(deviceId, {});
    const { text, hasImage } = await certificate(res.json() as ReliefTest, 'plain');
    expect(hasImage).toBe(false);
    expect(text).not.toContain('NAMEPLATE PHOTO');
    expect(text).not.toContain('REPAIR NAMEPLATE');
    expect(text).toContain(
      "Steam valve set on air: no maker's correction recorded (ASME VIII UG-136(d)(4) requires one).",
    );
  });

  it("prints the demo's nameplate photo on the visit that marked it, and the valve's photo on none", async () => {
    type Tag = { id: number; tag: string; valve: { id: number; valveId: string } | null };
    // The demo's first position: its latest visit marked a photo of the plate; its valve record also has a photo of
    // the valve ("Nameplate and body"), which no record marks.
    const [first] = ((await t.get(`${BASE}/tags`)).json() as Tag[]).filter((x) => x.tag === 'PSV-1011');
    expect(((await t.get(`/api/photos?valveId=${first.valve?.id}`)).json() as unknown[]).length).toBeGreaterThan(1);
    const detail = (await t.get(`${BASE}/tags/${first.id}`)).json() as { tests: { id: number; status: string }[] };
    const [latest, older] = await Promise.all(
      detail.tests.slice(0, 2).map(async (x) => (await t.get(`${BASE}/tests/${x.id}`)).json() as ReliefTest),
    );
    expect(latest.work.nameplatePhotoId).toBeGreaterThan(0);
    const marked = await certificate(latest, 'demo');
    expect(marked.hasImage).toBe(true);
    expect(marked.text).toContain(`Asset ID ${first.valve?.valveId}`);
    expect(marked.text).toMatch(/G-\d+, 0-\d+ psi, ±0.25% of full scale, calibrated \d{4}-\d{2}-\d{2}/);
    expect(marked.text).toMatch(/B-0\d, .+ calibrated \d{4}-\d{2}-\d{2}/);
    expect(older.work.nameplatePhotoId ?? null).toBeNull();
    expect((await certificate(older, 'demo-older')).hasImage).toBe(false);
  });
});

describe('e-signatures on a test record (relief test records are signable)', () => {
  const sign = (entityId: number, body: Record<string, unknown> = {}) =>
    send(
      t,
      'POST',
      '/api/signatures',
      { entityType: 'relief_test', entityId, meaning: 'performed', password: DEMO_PASSWORD, ...body },
      { as: 'technician' },
    );

  it('signs a submitted record with its content hash and prints the signature on the certificate', async () => {
    const { deviceId } = await steamPosition('4');
    const test = (await record(deviceId, {})).json() as ReliefTest;
    const signed = await sign(test.id);
    expect(signed.statusCode).toBe(201);
    expect(signed.json().contentHash).toMatch(/^[0-9a-f]{64}$/);
    const { text } = await certificate(test, 'signed');
    expect(text).toContain('ELECTRONIC SIGNATURES');
    expect(text).toContain(`Signed content SHA-256 ${signed.json().contentHash.slice(0, 16)}`);
    // The verdict is part of what was signed: no override after it.
    const override = await send(
      t,
      'POST',
      `${BASE}/tests/${test.id}/override`,
      { verdict: 'fail', reason: 'Seat marks seen on teardown', version: test.version },
      { as: 'engineer' },
    );
    expect(override.statusCode).toBe(409);
    expect(override.json().message).toBe(
      'This test record is signed: an engineer overrides its verdict before it is signed.',
    );
    const history = (await t.get(`/api/history/relief-tests/${test.id}`)).json() as { table: string }[];
    expect(history.some((e) => e.table === 'signatures')).toBe(true);
  });

  it('refuses to sign a draft (409) and says on the certificate of an unsigned record that it is not signed', async () => {
    const { deviceId } = await steamPosition('5');
    const draft = (await record(deviceId, { submit: false })).json() as ReliefTest;
    const refused = await sign(draft.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A draft is not signed: submit the test record first.');
    const unsigned = (await record((await steamPosition('6')).deviceId, {})).json() as ReliefTest;
    expect((await certificate(unsigned, 'unsigned')).text).toContain('Not signed electronically.');
  });
});
