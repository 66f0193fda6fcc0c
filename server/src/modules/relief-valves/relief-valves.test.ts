import {
  type ReliefDeviceDetail,
  type ReliefTag,
  type ReliefTagDetail,
  type ReliefTest,
  reliefTagDetail,
  reliefTest,
} from '@common/schemas/relief-valves';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

let t: TestContext;
let options: {
  certificates: { id: number; kind: string; number: string }[];
  instruments: { id: number; identifier: string }[];
};
const BASE = '/api/relief-valves';
const certificateId = (kind: string) => options.certificates.find((c) => c.kind === kind)?.id ?? 0;
const instrumentId = (identifier: string) => options.instruments.find((i) => i.identifier === identifier)?.id ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  options = (await t.get(`${BASE}/test-options`, 'technician')).json();
});
afterAll(() => t.close());

const tagNamed = async (tag: string) =>
  ((await t.get(`${BASE}/tags`)).json() as ReliefTag[]).find((x) => x.tag === tag) as ReliefTag;

/** The demo gauge whose 25-75% of full scale holds a set pressure (judge.ts GAUGE_FIT). */
const gaugeFor = (set: number) => (set <= 75 ? 'G-103' : set <= 225 ? 'G-104' : set <= 750 ? 'G-101' : 'G-102');

/** A clean test of a device at its set pressure, by the bench on the VR certificate. */
async function cleanBody(deviceId: number, overrides: Record<string, unknown> = {}) {
  const device = (await t.get(`${BASE}/devices/${deviceId}`)).json() as ReliefDeviceDetail;
  const set = device.setPressure;
  return {
    deviceId,
    testedOn: '2026-11-18',
    place: 'shop',
    medium: 'nitrogen',
    certificateId: certificateId('vr'),
    gaugeId: instrumentId(gaugeFor(set)),
    benchId: instrumentId('B-01'),
    asFound: { opening: set, reseat: set * 0.97 },
    asFoundSeat: { medium: 'nitrogen', heldPressure: Math.ceil(set * 0.9), bubblesPerMinute: 0, leakSeen: false },
    piping: { inlet: 'clear', outlet: 'clear' },
    asLeft: { opening: set, reseat: set * 0.97 },
    ...overrides,
  };
}

describe('the due list', () => {
  it('lists the demo tags soonest due first, filtered by plant and month', async () => {
    const all = (await t.get(`${BASE}/tags`)).json() as ReliefTag[];
    expect(all).toHaveLength(32);
    const due = all.map((x) => x.nextDueOn ?? '9999');
    expect([...due].sort()).toEqual(due);
    const plant = (await t.get(`${BASE}/tags?plant=Gas%20Plant%20B&dueBy=2027-03`)).json() as ReliefTag[];
    expect(plant.length).toBeGreaterThan(0);
    for (const x of plant) expect([x.plant, (x.nextDueOn ?? '') <= '2027-03-31']).toEqual(['Gas Plant B', true]);
    const summary = (await t.get(`${BASE}/summary`)).json();
    expect(summary.tags).toBe(32);
    expect(summary.overdue).toBe(all.filter((x) => x.overdue).length);
  });

  it.each([
    ['?plant=Moon%20Base', 'plant must be one of'],
    ['?dueBy=2026-13', 'dueBy must be a month (YYYY-MM)'],
    ['?valveId=abc', 'valveId must be a number'],
  ])('refuses %s', async (query, message) => {
    const res = await t.get(`${BASE}/tags${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("hides another organization's tags and plants outside a limited user's", async () => {
    const tag = await tagNamed('PSV-1075');
    expect((await t.get(`${BASE}/tags/${tag.id}`, 'otherOrganization')).statusCode).toBe(404);
    expect((await t.get(`${BASE}/tags/${tag.id}`, 'limited')).statusCode).toBe(404);
    expect((await t.get(`${BASE}/tags`, 'otherOrganization')).json()).toEqual([]);
    expect((await t.get(`${BASE}/tags/${tag.id}/sheet.pdf`, null)).statusCode).toBe(401);
  });
});

describe('a swap keeps histories apart', () => {
  it('files the demo swap of PSV-1075 under each device and the tag', async () => {
    const tag = reliefTagDetail.parse((await t.get(`${BASE}/tags/${(await tagNamed('PSV-1075')).id}`)).json());
    const [now, before] = tag.installations;
    expect(before.removedOn).toBe(now.installedOn);
    expect(tag.installed?.deviceId).toBe(now.deviceId);
    const removed = (await t.get(`${BASE}/devices/${before.deviceId}`)).json() as ReliefDeviceDetail;
    const spare = (await t.get(`${BASE}/devices/${now.deviceId}`)).json() as ReliefDeviceDetail;
    expect(removed.installedAt).toBeNull();
    expect(removed.tests.every((x) => x.tag === 'PSV-1075')).toBe(true);
    // The spare's bench test before it went in is its own, not the position's.
    expect(spare.tests.map((x) => x.tag)).toEqual([null]);
    expect(tag.tests.map((x) => x.deviceId)).not.toContain(now.deviceId);
    expect(tag.tests[0].asFoundResult).toBe('fail');
  });

  it('swaps a spare in through the API and files the next test under the new device only', async () => {
    const spares = (await t.get(`${BASE}/devices?spare=true`)).json() as ReliefDeviceDetail[];
    const tag = await tagNamed('PSV-1075');
    const other = (await t.get(`${BASE}/tags?plant=Nuclear%20Plant%20D`)).json()[0] as ReliefTag;
    const outgoing = other.installed?.deviceId as number;
    const outgoingTests = ((await t.get(`${BASE}/devices/${outgoing}`)).json() as ReliefDeviceDetail).tests;
    const incoming = spares[0].id;
    const installedOn = '2026-11-10';
    const busy = await send(
      t,
      'POST',
      `${BASE}/tags/${other.id}/install`,
      { deviceId: tag.installed?.deviceId, installedOn },
      { as: 'technician' },
    );
    expect([busy.statusCode, busy.json().message]).toEqual([409, expect.stringContaining('installed elsewhere')]);
    const swapped = await send(
      t,
      'POST',
      `${BASE}/tags/${other.id}/install`,
      {
        deviceId: incoming,
        installedOn,
        setPressureReason: 'Spare re-set to this tag on the bench',
        reason: 'Out for its shop test',
      },
      { as: 'engineer' },
    );
    expect(swapped.statusCode).toBe(200);
    const detail = swapped.json() as ReliefTagDetail;
    expect(detail.installed?.deviceId).toBe(incoming);
    expect(detail.installations.find((x) => x.deviceId === outgoing)?.removedOn).toBe(installedOn);

    const res = await send(t, 'POST', `${BASE}/tests`, await cleanBody(incoming, { submit: true }), {
      as: 'technician',
    });
    expect(res.statusCode).toBe(201);
    expect((res.json() as ReliefTest).tag?.tag).toBe(other.tag);
    const after = ((await t.get(`${BASE}/devices/${outgoing}`)).json() as ReliefDeviceDetail).tests;
    expect(after).toEqual(outgoingTests);
    const tagAfter = (await t.get(`${BASE}/tags/${other.id}`)).json() as ReliefTagDetail;
    expect(tagAfter.tests[0]).toMatchObject({ deviceId: incoming, asFoundResult: 'pass' });
    expect(tagAfter.lastTestedOn).toBe('2026-11-18');
  });
});

describe('POST /api/relief-valves/tests', () => {
  const deviceOf = async (tag: string) => (await tagNamed(tag)).installed?.deviceId as number;

  it.each([
    [{ asFound: { opening: -5 } }, 'asFound.opening must be above zero'],
    [{ asFound: { opening: 0 } }, 'asFound.opening must be above zero'],
    [{ asFound: { opening: 100, reseat: 100.01 } }, 'asFound.reseat must not be above the opening pressure'],
    [{ asLeft: { opening: 100, reseat: 101 } }, 'asLeft.reseat must not be above the opening pressure'],
    [{ asFoundSeat: { medium: 'air', heldPressure: -1 } }, 'asFoundSeat.heldPressure must not be negative'],
    [{ asFound: null }, 'asLeft needs the as-found test first'],
    [{ testedOn: '18/11/2026' }, 'testedOn must be a date'],
    [{ medium: 'helium' }, 'medium'],
  ])('refuses %o', async (change, message) => {
    const res = await send(t, 'POST', `${BASE}/tests`, await cleanBody(await deviceOf('PSV-1075'), change), {
      as: 'technician',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('refuses a repair under a T/O certificate, and from a tester qualified to test only', async () => {
    const device = await deviceOf('PSV-1075');
    const underTestOnly = await send(
      t,
      'POST',
      `${BASE}/tests`,
      await cleanBody(device, { certificateId: certificateId('to'), partsReplaced: ['Disc'] }),
      { as: 'technician' },
    );
    expect(underTestOnly.statusCode).toBe(403);
    expect(underTestOnly.json().message).toContain('T/O-0871 is test only');
    // The limited technician sees Power Plant A only: a tag of theirs.
    const theirs = (await t.get(`${BASE}/tags?plant=Power%20Plant%20A`)).json() as ReliefTag[];
    const testOnlyTester = await send(
      t,
      'POST',
      `${BASE}/tests`,
      await cleanBody(theirs.find((x) => x.installed)?.installed?.deviceId as number, { partsReplaced: ['Disc'] }),
      { as: 'limited' },
    );
    expect(testOnlyTester.statusCode).toBe(403);
    expect(testOnlyTester.json().message).toContain('is to test only');
    // Testing and adjusting is what a T/O holder may do.
    const adjusted = await send(
      t,
      'POST',
      `${BASE}/tests`,
      await cleanBody(device, { certificateId: certificateId('to'), adjustments: 'Set restored' }),
      { as: 'technician' },
    );
    expect(adjusted.statusCode).toBe(201);
  });

  it('saves but will not submit a record whose gauge or certificate is expired on the test date, saying which', async () => {
    const device = await deviceOf('PSV-1075');
    const withOldGauge = await send(
      t,
      'POST',
      `${BASE}/tests`,
      await cleanBody(device, { gaugeId: instrumentId('G-117'), submit: true }),
      { as: 'technician' },
    );
    // Saved as a draft, never submitted, with what holds it back at the field.
    expect(withOldGauge.statusCode).toBe(201);
    expect(withOldGauge.json()).toMatchObject({ status: 'draft' });
    expect(withOldGauge.json().blockerFields).toContainEqual({
      path: 'gaugeId',
      message: expect.stringMatching(
        /Gauge G-117 calibration was due \d{4}-\d\d-\d\d, before the test date 2026-11-18/,
      ),
    });

    const expired = await send(t, 'POST', `${BASE}/certificates`, {
      kind: 'vr',
      number: 'VR-0001',
      holder: 'Old shop',
      expiresOn: '2026-01-31',
    });
    expect(expired.statusCode).toBe(201);
    const draft = await send(
      t,
      'POST',
      `${BASE}/tests`,
      await cleanBody(device, { certificateId: expired.json().id }),
      { as: 'technician' },
    );
    expect(draft.statusCode).toBe(201);
    const saved = reliefTest.parse(draft.json());
    expect(saved.status).toBe('draft');
    expect(saved.blockers).toEqual([
      'Certificate VR-0001 expired on 2026-01-31, before the test date 2026-11-18.',
      'Maria Santos holds no qualification under certificate VR-0001.',
    ]);
    const submit = await send(
      t,
      'POST',
      `${BASE}/tests/${saved.id}/submit`,
      { version: saved.version },
      { as: 'technician' },
    );
    expect(submit.statusCode).toBe(422);
    expect(submit.json().message).toContain('Certificate VR-0001 expired on 2026-01-31');
  });

  it('keeps a repaired valve without an as-left test a draft: it may not be submitted', async () => {
    const tag = ((await t.get(`${BASE}/tags`)).json() as ReliefTag[]).find((x) => x.installed) as ReliefTag;
    const body = await cleanBody(tag.installed?.deviceId as number, { partsReplaced: ['Disc'], asLeft: null });
    const draft = await send(t, 'POST', `${BASE}/tests`, body, { as: 'technician' });
    expect(draft.statusCode).toBe(201);
    const saved = reliefTest.parse(draft.json());
    expect(saved.blockers).toContain(
      'Parts were replaced or the nameplate changed, but no as-left test is recorded: test the valve as left.',
    );
    const submit = await send(
      t,
      'POST',
      `${BASE}/tests/${saved.id}/submit`,
      { version: saved.version },
      { as: 'technician' },
    );
    expect(submit.statusCode).toBe(422);
    expect(submit.json().message).toContain('no as-left test is recorded');
  });

  it('judges a failed as-found test, raises the corrective work order and shortens the interval', async () => {
    // A position with a valve record, so the work order has a valve to be raised on.
    const tag = ((await t.get(`${BASE}/tags`)).json() as ReliefTag[]).find((x) => x.valve && x.installed) as ReliefTag;
    const device = tag.installed?.deviceId as number;
    const body = await cleanBody(device, {
      asFound: { opening: tag.setPressure * 1.2, reseat: tag.setPressure * 0.97, chatter: true },
      submit: true,
    });
    const res = await send(t, 'POST', `${BASE}/tests`, body, { as: 'technician' });
    expect(res.statusCode).toBe(201);
    const test = res.json() as ReliefTest;
    expect(test.asFoundResult).toBe('fail');
    expect(test.asLeftResult).toBe('pass');
    // Opening 120% of set, reseat 97%: a measured blowdown of 23% fails too.
    expect(test.asFoundJudgement?.judgements.filter((j) => j.verdict === 'fail').map((j) => j.check)).toEqual([
      'Opening',
      'Blowdown',
      'Behaviour',
    ]);
    expect(test.asFoundJudgement?.judgements[0].rule).toMatch(/ASME/);
    expect(test.workOrder?.workOrderId).toMatch(/^WO-\d{4}-\d{4}$/);
    const after = (await t.get(`${BASE}/tags/${tag.id}`)).json() as ReliefTag;
    expect(after.lastTestedOn).toBe('2026-11-18');
    const months = (a: string, b: string) =>
      (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));
    expect(months('2026-11-18', after.nextDueOn as string)).toBeLessThan(tag.intervalMonths);
  });

  it('converts pressures sent in bar to psi before judging', async () => {
    const device = await deviceOf('PSV-1075');
    const body = await cleanBody(device);
    const bar = (psi: number) => psi / 14.503773773;
    const res = await send(
      t,
      'POST',
      `${BASE}/tests`,
      {
        ...body,
        pressureUnit: 'bar',
        asFound: { opening: bar(body.asFound.opening), reseat: bar(body.asFound.reseat) },
        asFoundSeat: { ...body.asFoundSeat, heldPressure: bar(body.asFoundSeat.heldPressure) },
        asLeft: { opening: bar(body.asLeft.opening), reseat: bar(body.asLeft.reseat) },
      },
      { as: 'technician' },
    );
    expect(res.statusCode).toBe(201);
    expect((res.json() as ReliefTest).work.asFound?.opening).toBeCloseTo(body.asFound.opening, 1);
  });

  it("answers 404 for another organization's device", async () => {
    const res = await send(t, 'POST', `${BASE}/tests`, await cleanBody(await deviceOf('PSV-1075')), {
      as: 'otherOrganization',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('engineer review', () => {
  it('overrides a verdict only with a reason, and only as an engineer', async () => {
    const tag = (await t.get(`${BASE}/tags/${(await tagNamed('PSV-1075')).id}`)).json() as ReliefTagDetail;
    const failed = tag.tests.find((x) => x.asFoundResult === 'fail' && x.status === 'submitted');
    const test = (await t.get(`${BASE}/tests/${failed?.id}`)).json() as ReliefTest;
    const asTechnician = await send(
      t,
      'POST',
      `${BASE}/tests/${test.id}/override`,
      { verdict: 'pass', reason: 'x', version: test.version },
      { as: 'technician' },
    );
    expect(asTechnician.statusCode).toBe(403);
    const noReason = await send(
      t,
      'POST',
      `${BASE}/tests/${test.id}/override`,
      { verdict: 'pass', reason: ' ', version: test.version },
      { as: 'engineer' },
    );
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, 'Invalid body: reason is required']);
    const ok = await send(
      t,
      'POST',
      `${BASE}/tests/${test.id}/override`,
      {
        verdict: 'pass',
        reason: 'Bench gauge G-101 read high that day; retest within tolerance.',
        version: test.version,
      },
      { as: 'engineer' },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ asFoundResult: 'pass', override: { verdict: 'pass', by: 'Priya Raman' } });
  });

  it('keeps the corrected nameplate beside the record until an engineer accepts it', async () => {
    const device = (await tagNamed('PSV-1075')).installed?.deviceId as number;
    const body = await cleanBody(device, { foundNameplate: { model: 'JOS-E 2' } });
    const created = (await send(t, 'POST', `${BASE}/tests`, body, { as: 'technician' })).json() as ReliefTest;
    expect(created.work.foundNameplate?.model).toBe('JOS-E 2');
    expect((await t.get(`${BASE}/devices/${device}`)).json().model).not.toBe('JOS-E 2');
    const refused = await send(
      t,
      'POST',
      `${BASE}/tests/${created.id}/accept-nameplate`,
      { version: created.version },
      { as: 'technician' },
    );
    expect(refused.statusCode).toBe(403);
    const accepted = await send(
      t,
      'POST',
      `${BASE}/tests/${created.id}/accept-nameplate`,
      { version: created.version },
      { as: 'engineer' },
    );
    expect(accepted.json().nameplateAccepted.by).toBe('Priya Raman');
    expect((await t.get(`${BASE}/devices/${device}`)).json().model).toBe('JOS-E 2');
  });
});

describe('who manages what', () => {
  it.each([
    [
      'technician',
      `${BASE}/certificates`,
      { kind: 'vr', number: 'VR-9', holder: 'Shop', expiresOn: '2028-01-01' },
      403,
    ],
    [
      'technician',
      `${BASE}/instruments`,
      { kind: 'gauge', identifier: 'G-9', description: 'Gauge', calibrationDueOn: '2027-01-01' },
      403,
    ],
    [
      'supervisor',
      `${BASE}/instruments`,
      { kind: 'gauge', identifier: 'G-9', description: 'Gauge', calibrationDueOn: '2027-01-01' },
      201,
    ],
    [
      'technician',
      `${BASE}/tags`,
      {
        tag: 'PSV-9',
        plant: 'Gas Plant B',
        setPressure: 100,
        protectedEquipment: 'V-1',
        service: 'Gas',
        intervalRule: 'fixed',
        intervalMonths: 24,
      },
      403,
    ],
    [
      'engineer',
      `${BASE}/tags`,
      {
        tag: 'PSV-1075',
        plant: 'Gas Plant B',
        setPressure: 100,
        protectedEquipment: 'V-1',
        service: 'Gas',
        intervalRule: 'fixed',
        intervalMonths: 24,
      },
      409,
    ],
    [
      'engineer',
      `${BASE}/tags`,
      {
        tag: 'PSV-9',
        plant: 'Gas Plant B',
        setPressure: -3,
        protectedEquipment: 'V-1',
        service: 'Gas',
        intervalRule: 'fixed',
        intervalMonths: 24,
      },
      400,
    ],
  ] as const)('%s POST %s (case %#)', async (persona, url, body, status) => {
    expect((await send(t, 'POST', url, body, { as: persona })).statusCode).toBe(status);
  });

  it('stores a set pressure given in bar as psi', async () => {
    const res = await send(
      t,
      'POST',
      `${BASE}/tags`,
      {
        tag: 'PSV-2001',
        plant: 'Gas Plant B',
        setPressure: 10,
        pressureUnit: 'bar',
        protectedEquipment: 'V-1',
        service: 'Gas',
        intervalRule: 'risk-based',
        intervalMonths: 24,
      },
      { as: 'engineer' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ setPressure: 145.04, nextDueOn: null, installed: null });
  });
});

describe('certificates and tag sheets', () => {
  it('answers a PDF per record and per tag', async () => {
    const tag = (await t.get(`${BASE}/tags/${(await tagNamed('PSV-1075')).id}`)).json() as ReliefTagDetail;
    const submitted = tag.tests.find((x) => x.status === 'submitted') as ReliefTagDetail['tests'][number];
    const pdf = await t.get(`${BASE}/tests/${submitted.id}/certificate.pdf`, 'technician');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const sheet = await t.get(`${BASE}/tags/${tag.id}/sheet.pdf`, 'technician');
    expect(sheet.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.get(`${BASE}/tests/${submitted.id}/certificate.pdf`, 'otherOrganization')).statusCode).toBe(404);
    // A draft has no certificate.
    const draft = tag.tests.find((x) => x.status === 'draft') as ReliefTagDetail['tests'][number];
    const refused = await t.get(`${BASE}/tests/${draft.id}/certificate.pdf`, 'technician');
    expect([refused.statusCode, refused.json().message]).toEqual([409, expect.stringContaining('draft')]);
  });
});
