import type { ReliefDeviceDetail, ReliefTag, ReliefTagDetail, ReliefTest } from '@common/schemas/relief-valves';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valves } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

/* Issue 28 through the public contract: POST devices and tests, each rule at its band edges. */

let t: TestContext;
let options: {
  certificates: { id: number; kind: string }[];
  instruments: { id: number; identifier: string }[];
};
const BASE = '/api/relief-valves';
const gauge = (identifier: string) => options.instruments.find((i) => i.identifier === identifier)?.id ?? 0;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  options = (await t.get(`${BASE}/test-options`, 'technician')).json();
});
afterAll(() => t.close());

/** A spare made through the contract. */
async function device(setPressure: number, extra: Record<string, unknown> = {}) {
  const res = await send(
    t,
    'POST',
    `${BASE}/devices`,
    {
      serialNumber: `IS28-${++serial}`,
      manufacturer: 'Farris',
      model: '2600',
      orifice: 'J',
      inletSize: '3"',
      outletSize: '4"',
      setPressure,
      pressureUnit: 'psi',
      capacity: '18,700 lb/h',
      codeStamp: 'UV',
      design: 'conventional',
      seatType: 'metal',
      code: 'asme-viii',
      ...extra,
    },
    { as: 'engineer' },
  );
  expect(res.statusCode).toBe(201);
  return res.json() as ReliefDeviceDetail;
}

/** A new position on a safety relief valve record, with a new device at its set installed: corrective work orders land on the valve. */
async function positionWithValve(set: number) {
  const [valve] = await t.db.select().from(valves).where(eq(valves.type, 'Safety Relief Valve')).limit(1);
  const created = await send(
    t,
    'POST',
    `${BASE}/tags`,
    {
      tag: `PSV-W${++serial}`,
      plant: valve.plant,
      valveId: valve.id,
      setPressure: set,
      protectedEquipment: 'V-9',
      service: 'Air',
      intervalRule: 'fixed',
      intervalMonths: 24,
    },
    { as: 'engineer' },
  );
  expect(created.statusCode).toBe(201);
  const d = await device(set);
  const tagId = created.json().id as number;
  const installed = await send(t, 'POST', `${BASE}/tags/${tagId}/install`, {
    deviceId: d.id,
    installedOn: '2026-11-01',
  });
  expect(installed.statusCode).toBe(200);
  return { tagId, deviceId: d.id };
}

function test(deviceId: number, body: Record<string, unknown>, as: 'technician' | 'limited' = 'technician') {
  return send(
    t,
    'POST',
    `${BASE}/tests`,
    {
      deviceId,
      testedOn: '2026-11-18',
      place: 'shop',
      medium: 'air',
      certificateId: options.certificates.find((c) => c.kind === 'vr')?.id,
      gaugeId: gauge('G-104'),
      submit: true,
      ...body,
    },
    { as },
  );
}

const check = (res: { json(): unknown }, name: string) =>
  (res.json() as ReliefTest).asFoundJudgement?.judgements.find((j) => j.check === name);

describe('Blowdown is measured (ASME PTC 25): opening − reseat', () => {
  it.each([
    // code, set, opening, reseat, verdict, detail
    ['asme-i', 200, 206, 196, 'fail', '10 psi (5% of set)'],
    ['asme-i', 200, 200, 192, 'pass', '8 psi (4% of set)'],
    ['asme-i', 200, 200, 196, 'pass', '4 psi (2% of set)'],
    ['asme-i', 200, 200, 196.01, 'fail', '3.99 psi'],
    ['asme-viii', 150, 154, 139, 'pass', '15 psi (10% of set)'],
    ['asme-viii', 150, 154, 138.99, 'fail', '15.01 psi'],
  ] as const)('%s set %d, opening %d, reseat %d: %s', async (code, set, opening, reseat, verdict, detail) => {
    const d = await device(set, { code });
    const res = await test(d.id, { asFound: { opening, reseat } });
    expect(res.statusCode).toBe(201);
    expect(check(res, 'Blowdown')).toMatchObject({ verdict, detail: expect.stringContaining(detail) });
  });

  it('copies the measured blowdown into the corrective work order', async () => {
    const { deviceId } = await positionWithValve(150);
    const res = await test(deviceId, {
      asFound: { opening: 172, reseat: 160, chatter: true },
      asFoundSeat: { medium: 'air', heldPressure: 135, bubblesPerMinute: 0 },
      piping: { inlet: 'clear', outlet: 'clear' },
    });
    expect(res.statusCode).toBe(201);
    const record = res.json() as ReliefTest;
    expect(record.status).toBe('submitted');
    const workOrder = await t.get(`/api/work-orders/${record.workOrder?.id}`, 'technician');
    expect(workOrder.json().description).toContain('As found Blowdown: 12 psi (8% of set)');
  });
});

describe('Missing is not zero: a required reading missing keeps the record a draft', () => {
  it.each([
    [
      { asFound: { opening: 100, reseat: 95 }, asFoundSeat: { medium: 'air', heldPressure: 90 } },
      'asFoundSeat.bubblesPerMinute',
    ],
    [
      { asFound: { opening: 100, reseat: 95 }, asFoundSeat: { medium: 'water', heldPressure: 90 } },
      'asFoundSeat.leakageCm3PerHour',
    ],
    [
      { asFound: { opening: 100, reseat: 95 }, asFoundSeat: { medium: 'steam', heldPressure: 90 } },
      'asFoundSeat.leakSeen',
    ],
  ])('%o: incomplete at %s', async (body, path) => {
    const d = await device(100);
    const res = await test(d.id, body);
    expect(res.statusCode).toBe(201);
    const record = res.json() as ReliefTest;
    expect(record).toMatchObject({ status: 'draft', asFoundResult: null });
    expect(record.blockerFields.map((b) => b.path)).toContain(path);
    expect(check(res, 'Seat tightness')?.verdict).toBe('incomplete');
    const submit = await send(t, 'POST', `${BASE}/tests/${record.id}/submit`, { version: record.version });
    expect(submit.statusCode).toBe(422);
    expect(submit.json().issues.map((i: { path: string }) => i.path)).toContain(path);
  });

  it('a Section I test with no reseat is incomplete, not a blowdown pass', async () => {
    const d = await device(200, { code: 'asme-i' });
    const res = await test(d.id, { asFound: { opening: 200 } });
    expect(res.json()).toMatchObject({ status: 'draft', asFoundResult: null });
    expect(check(res, 'Blowdown')?.verdict).toBe('incomplete');
    expect((res.json() as ReliefTest).blockerFields.map((b) => b.path)).toContain('asFound.reseat');
  });
});

describe('Nonsense is refused with a 400 naming the field', () => {
  it.each([
    [{ asFound: { opening: 100, reseat: 100.5 } }, 'asFound.reseat'],
    [{ asFound: { opening: 0, reseat: 0 } }, 'asFound.opening'],
    [{ asFound: { opening: 100, reseat: 49.99 } }, 'asFound.reseat'],
    [
      { asFound: { opening: 100, reseat: 95 }, asFoundSeat: { medium: 'air', heldPressure: 100.01 } },
      'asFoundSeat.heldPressure',
    ],
    [{ asFound: { opening: 100, reseat: 95 }, testedOn: '2099-01-01' }, 'testedOn'],
  ])('%o: 400 at %s', async (body, path) => {
    const d = await device(100);
    const res = await test(d.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(path);
  });

  it('a blowdown of exactly 50% and a hold at exactly set are readings, not nonsense', async () => {
    const d = await device(100);
    const res = await test(d.id, {
      asFound: { opening: 100, reseat: 50 },
      asFoundSeat: { medium: 'air', heldPressure: 100, bubblesPerMinute: 0 },
    });
    expect(res.statusCode).toBe(201);
  });

  it("a test dated tomorrow does not move the tag's last-tested date", async () => {
    const tag = ((await t.get(`${BASE}/tags?plant=Chemical%20Plant%20C`)).json() as ReliefTag[]).find(
      (x) => x.installed,
    ) as ReliefTag;
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const res = await test(tag.installed?.deviceId as number, {
      testedOn: tomorrow,
      asFound: { opening: 1, reseat: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(((await t.get(`${BASE}/tags/${tag.id}`)).json() as ReliefTag).lastTestedOn).toBe(tag.lastTestedOn);
  });
});

describe('Units: judged in the unit entered, never rounded across a limit', () => {
  it('holds 9 of a 10 bar set at exactly 90% (API 527)', async () => {
    const d = await device(10, { pressureUnit: 'bar' });
    const res = await test(d.id, {
      pressureUnit: 'bar',
      asFound: { opening: 10, reseat: 9.5 },
      asFoundSeat: { medium: 'air', heldPressure: 9, bubblesPerMinute: 0 },
    });
    expect(check(res, 'Seat tightness')?.verdict).toBe('pass');
    expect(check(res, 'Opening')?.verdict).toBe('pass');
  });

  it.each([
    [710.16, 'pass'], // 102.99999 psi
    [710.1704, 'fail'], // 103.0015 psi: 0.0015 psi past 100 psi + 3%
  ])('a kPa opening of %d on a 100 psi set: %s', async (kPa, verdict) => {
    const d = await device(100);
    const res = await test(d.id, { pressureUnit: 'kPa', asFound: { opening: kPa, reseat: 680 } });
    expect(check(res, 'Opening')?.verdict).toBe(verdict);
  });

  it('Section I at exactly 70 psi is ±2 psi (PG-72.2)', async () => {
    const d = await device(70, { code: 'asme-i', codeStamp: 'V' });
    const at = async (opening: number) =>
      check(await test(d.id, { gaugeId: gauge('G-103'), asFound: { opening, reseat: opening - 3 } }), 'Opening')
        ?.verdict;
    expect([await at(72), await at(72.05)]).toEqual(['pass', 'fail']);
  });
});

describe('Gauges: range and accuracy, fit for the set (shop practice: 25-75% of full scale)', () => {
  it.each([
    ['G-101', 150, 'unfit'], // 0-1,000 psi for a 150 psi set
    ['G-104', 75, 'fit'], // 25% of 0-300
    ['G-104', 74.99, 'unfit'],
    ['G-104', 225, 'fit'], // 75% of 0-300
    ['G-104', 225.01, 'unfit'],
  ] as const)('%s for a %d psi set: %s', async (identifier, set, fit) => {
    const d = await device(set);
    const res = await test(d.id, { gaugeId: gauge(identifier), asFound: { opening: set, reseat: set * 0.95 } });
    const record = res.json() as ReliefTest;
    expect(record.gauge).toMatchObject({ rangeMax: expect.any(Number), accuracyPercent: 0.25 });
    const gaugeBlocked = record.blockerFields.some((b) => b.path === 'gaugeId');
    expect([record.status, gaugeBlocked]).toEqual(fit === 'fit' ? ['submitted', false] : ['draft', true]);
  });
});

describe('A tag links only to a safety relief valve of its own plant', () => {
  const body = (valveId: number, plant = 'Gas Plant B') => ({
    tag: `PSV-L${valveId}`,
    plant,
    valveId,
    setPressure: 100,
    protectedEquipment: 'V-1',
    service: 'Gas',
    intervalRule: 'fixed',
    intervalMonths: 24,
  });
  it('refuses a gate valve and another plant’s relief valve, naming valveId', async () => {
    const [gate] = await t.db.select().from(valves).where(eq(valves.type, 'Gate Valve')).limit(1);
    const [elsewhere] = await t.db
      .select()
      .from(valves)
      .where(and(eq(valves.type, 'Safety Relief Valve'), ne(valves.plant, 'Gas Plant B')))
      .limit(1);
    for (const valve of [gate, elsewhere]) {
      const res = await send(t, 'POST', `${BASE}/tags`, body(valve.id), { as: 'engineer' });
      expect([res.statusCode, res.json().message]).toEqual([400, expect.stringContaining('valveId')]);
    }
    const res = await send(t, 'POST', `${BASE}/tags`, body(elsewhere.id, elsewhere.plant), { as: 'engineer' });
    expect(res.statusCode).toBe(201);
  });
});

describe('A device set to another pressure than its tag', () => {
  it('is refused at install, and installed only with an engineer’s recorded reason', async () => {
    const tag = ((await t.get(`${BASE}/tags?plant=Gas%20Plant%20B`)).json() as ReliefTag[]).find(
      (x) => x.installed,
    ) as ReliefTag;
    const spare = await device(tag.setPressure + 1);
    const install = (extra: object, as: 'technician' | 'engineer') =>
      send(
        t,
        'POST',
        `${BASE}/tags/${tag.id}/install`,
        { deviceId: spare.id, installedOn: '2026-11-19', ...extra },
        { as },
      );
    const refused = await install({}, 'technician');
    expect([refused.statusCode, refused.json().message]).toEqual([400, expect.stringContaining('deviceId')]);
    expect((await install({ setPressureReason: 'Rerated' }, 'technician')).statusCode).toBe(403);
    const ok = await install(
      { setPressureReason: 'Vessel rerated; MAWP letter 2026-114', reason: 'Replaced by the rerated valve' },
      'engineer',
    );
    expect(ok.statusCode).toBe(200);
    const detail = ok.json() as ReliefTagDetail;
    expect(detail.installations[0]).toMatchObject({
      deviceId: spare.id,
      setPressureReason: 'Vessel rerated; MAWP letter 2026-114',
    });
    // A device with no test on file inherits nothing from the one removed: it is due from the day it went in.
    expect([detail.lastTestedOn, detail.nextDueOn]).toEqual([null, '2026-11-19']);
    // Its tests are judged at its own set, and say so.
    const record = (
      await test(spare.id, {
        testedOn: '2026-11-20',
        asFound: { opening: spare.setPressure, reseat: spare.setPressure * 0.95 },
      })
    ).json() as ReliefTest;
    expect(record.setPressure).toBe(spare.setPressure);
    expect(record.setPressureNote).toContain('Vessel rerated; MAWP letter 2026-114');
  });
});

describe('A failed as-left test takes the device out of service', () => {
  it('marks it not returned to service, raises a high-priority work order and links it from the tag', async () => {
    const { tagId, deviceId } = await positionWithValve(150);
    const res = await test(deviceId, {
      asFound: { opening: 150, reseat: 145 },
      asLeft: { opening: 150, reseat: 145, chatter: true },
    });
    const record = res.json() as ReliefTest;
    expect(record).toMatchObject({ status: 'submitted', asFoundResult: 'pass', asLeftResult: 'fail' });
    expect(record.returnedToService).toBe(false);
    expect(record.workOrder?.workOrderId).toMatch(/^WO-/);
    const wo = (await t.get(`/api/work-orders/${record.workOrder?.id}`, 'technician')).json();
    expect([wo.priority, wo.title]).toEqual(['high', expect.stringContaining('not returned to service')]);
    const after = (await t.get(`${BASE}/tags/${tagId}`)).json() as ReliefTag;
    expect(after.notReturnedToService).toMatchObject({ testId: record.id, workOrder: record.workOrder });
    expect(((await t.get(`${BASE}/devices/${deviceId}`)).json() as ReliefDeviceDetail).notReturnedToService).toBe(true);
    const pdf = await t.get(`${BASE}/tests/${record.id}/certificate.pdf`, 'technician');
    expect(pdf.statusCode).toBe(200);
  });
});

describe('Plant scope (scope.ts): a plant-limited user neither reads nor writes another plant’s records', () => {
  it('answers 404 for another plant’s tag, device and test, and leaves its devices out of the list', async () => {
    const tag = (
      await t.get(`${BASE}/tags/${((await t.get(`${BASE}/tags?plant=Gas%20Plant%20B`)).json() as ReliefTag[])[0].id}`)
    ).json() as ReliefTagDetail;
    const deviceId = tag.installations[0].deviceId;
    expect((await t.get(`${BASE}/devices/${deviceId}`, 'limited')).statusCode).toBe(404);
    expect((await t.get(`${BASE}/tags/${tag.id}`, 'limited')).statusCode).toBe(404);
    expect((await t.get(`${BASE}/tests/${tag.tests[0].id}`, 'limited')).statusCode).toBe(404);
    const list = (await t.get(`${BASE}/devices`, 'limited')).json() as ReliefDeviceDetail[];
    expect(list.map((d) => d.id)).not.toContain(deviceId);
    expect((await test(deviceId, { asFound: { opening: 100, reseat: 95 } }, 'limited')).statusCode).toBe(404);
    const install = await send(
      t,
      'POST',
      `${BASE}/tags/${tag.id}/install`,
      { deviceId, installedOn: '2026-11-19' },
      { as: 'limited' },
    );
    expect(install.statusCode).toBe(404);
    // Their own plant's still answer.
    const own = ((await t.get(`${BASE}/tags`, 'limited')).json() as ReliefTag[])[0];
    expect(own.plant).toBe('Power Plant A');
    expect((await t.get(`${BASE}/devices/${own.installed?.deviceId}`, 'limited')).statusCode).toBe(200);
  });

  it('shows a device moved into their plant without its spans and tests in another plant', async () => {
    const from = ((await t.get(`${BASE}/tags?plant=Gas%20Plant%20B`)).json() as ReliefTag[]).filter(
      (x) => x.installed,
    )[1];
    const deviceId = from.installed?.deviceId as number;
    const removed = await send(t, 'POST', `${BASE}/tags/${from.id}/remove`, {
      removedOn: '2026-11-21',
      reason: 'To the shop for its test',
    });
    expect(removed.statusCode).toBe(200);
    const to = ((await t.get(`${BASE}/tags?plant=Power%20Plant%20A`)).json() as ReliefTag[]).find((x) => x.installed);
    const moved = await send(
      t,
      'POST',
      `${BASE}/tags/${to?.id}/install`,
      {
        deviceId,
        installedOn: '2026-11-22',
        setPressureReason: 'Spare from Gas Plant B re-set for this position',
        reason: 'Seat leaking: swapped for the re-set spare',
      },
      { as: 'engineer' },
    );
    expect(moved.statusCode).toBe(200);
    const seen = await t.get(`${BASE}/devices/${deviceId}`, 'limited');
    expect(seen.statusCode).toBe(200);
    const detail = seen.json() as ReliefDeviceDetail;
    expect(detail.tests.map((x) => x.tag)).not.toContain(from.tag);
    expect(detail.installations.map((x) => x.tag)).toEqual([to?.tag]);
    const everything = (await t.get(`${BASE}/devices/${deviceId}`)).json() as ReliefDeviceDetail;
    expect(everything.tests.map((x) => x.tag)).toContain(from.tag);
  });
});
