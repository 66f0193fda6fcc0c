import type { ReliefDeviceDetail, ReliefTag, ReliefTagDetail } from '@common/schemas/relief-valves';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valves } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

/* Issue 28, screens: a position and a device are edited, and a valve comes off its tag (removed or swapped) with a reason. */

let t: TestContext;
const BASE = '/api/relief-valves';
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newDevice(setPressure: number, extra: Record<string, unknown> = {}) {
  const res = await send(
    t,
    'POST',
    `${BASE}/devices`,
    {
      serialNumber: `POS-${++serial}`,
      manufacturer: 'Crosby',
      model: 'JOS-E',
      orifice: 'H',
      inletSize: '1-1/2"',
      outletSize: '3"',
      setPressure,
      capacity: '5,200 lb/h',
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

async function newTag(setPressure: number) {
  const res = await send(
    t,
    'POST',
    `${BASE}/tags`,
    {
      tag: `PSV-P${++serial}`,
      plant: 'Power Plant A',
      setPressure,
      protectedEquipment: 'Air receiver AR-2',
      service: 'Instrument air',
      intervalRule: 'fixed',
      intervalMonths: 24,
    },
    { as: 'engineer' },
  );
  expect(res.statusCode).toBe(201);
  return res.json() as ReliefTag;
}

const install = (tagId: number, body: Record<string, unknown>) =>
  send(t, 'POST', `${BASE}/tags/${tagId}/install`, body, { as: 'technician' });

describe('editing a tag', () => {
  it('changes its position data and replays its interval at once', async () => {
    const d = await newDevice(150);
    const installed = await install((await newTag(150)).id, { deviceId: d.id, installedOn: '2026-01-10' });
    expect(installed.statusCode).toBe(200);
    const tag = installed.json() as ReliefTagDetail;
    const res = await send(
      t,
      'PATCH',
      `${BASE}/tags/${tag.id}`,
      { version: tag.version, service: 'Plant air', intervalMonths: 12 },
      { as: 'engineer' },
    );
    expect(res.statusCode).toBe(200);
    const edited = res.json() as ReliefTag;
    expect(edited).toMatchObject({ service: 'Plant air', intervalMonths: 12, currentIntervalMonths: 12 });
    expect(edited.version).toBeGreaterThan(tag.version);
    // Never tested: due for test from the day it went in, whatever the interval.
    expect(edited.nextDueOn).toBe('2026-01-10');
    const stale = await send(
      t,
      'PATCH',
      `${BASE}/tags/${tag.id}`,
      { version: tag.version, service: 'Late' },
      { as: 'engineer' },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.service).toBe('Plant air');
  });

  it('refuses bad input at its field, and never moves the plant or the set', async () => {
    const tag = await newTag(150);
    const patch = (body: Record<string, unknown>, as: 'engineer' | 'technician' = 'engineer') =>
      send(t, 'PATCH', `${BASE}/tags/${tag.id}`, { version: tag.version, ...body }, { as });
    const cases: [Record<string, unknown>, string][] = [
      [{ intervalMonths: 0 }, 'intervalMonths'],
      [{ intervalMonths: 121 }, 'intervalMonths'],
      [{ maxIntervalMonths: 12 }, 'maxIntervalMonths'],
      [{ service: '' }, 'service'],
      [{ setPressure: 200 }, ''],
      [{ plant: 'Gas Plant B' }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await patch(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
      if (field) expect(res.json().issues?.map((i: { path: string }) => i.path)).toContain(field);
    }
    const [gate] = await t.db.select().from(valves).where(eq(valves.type, 'Gate Valve')).limit(1);
    const notRelief = await patch({ valveId: gate.id });
    expect(notRelief.statusCode).toBe(400);
    expect(notRelief.json().message).toMatch(/not a safety relief valve/);
    expect((await patch({ service: 'X' }, 'technician')).statusCode).toBe(403);
    expect((await send(t, 'PATCH', `${BASE}/tags/${tag.id}`, { service: 'X' }, { as: 'engineer' })).statusCode).toBe(
      400,
    );
    const other = await newTag(150);
    const taken = await patch({ tag: other.tag });
    expect(taken.statusCode).toBe(409);
    const unchanged = (await t.get(`${BASE}/tags/${tag.id}`)).json() as ReliefTag;
    expect(unchanged).toMatchObject({ version: tag.version, service: tag.service, setPressure: 150 });
  });
});

describe('editing a device', () => {
  it('changes its nameplate data, converting pressures to psi and clearing with null', async () => {
    const d = await newDevice(10, { pressureUnit: 'bar', superimposedBackPressure: 1 });
    const res = await send(
      t,
      'PATCH',
      `${BASE}/devices/${d.id}`,
      {
        version: d.version,
        model: 'JOS-E 2',
        pressureUnit: 'bar',
        builtUpBackPressure: 0.5,
        superimposedBackPressure: null,
      },
      { as: 'engineer' },
    );
    expect(res.statusCode).toBe(200);
    const edited = res.json() as ReliefDeviceDetail;
    expect(edited.model).toBe('JOS-E 2');
    expect(edited.superimposedBackPressure).toBeNull();
    expect(edited.builtUpBackPressure).toBeCloseTo(7.25, 2);
    expect(edited.setPressure).toBeCloseTo(145.04, 2);
  });

  it('refuses a back pressure at the set exactly in the units entered, a set pressure, and stale versions', async () => {
    const d = await newDevice(10, { pressureUnit: 'bar' });
    const patch = (body: Record<string, unknown>) =>
      send(t, 'PATCH', `${BASE}/devices/${d.id}`, { version: d.version, ...body }, { as: 'engineer' });
    // 10 bar is the set exactly: at it is refused, just below passes the check (and the version moves on).
    const atSet = await patch({ pressureUnit: 'bar', builtUpBackPressure: 10 });
    expect(atSet.statusCode).toBe(400);
    expect(atSet.json().issues[0].path).toBe('builtUpBackPressure');
    const kpa = await patch({ pressureUnit: 'kPa', superimposedBackPressure: 1000 });
    expect(kpa.statusCode).toBe(400);
    expect(kpa.json().issues[0].path).toBe('superimposedBackPressure');
    expect((await patch({ setPressure: 12 })).statusCode).toBe(400);
    expect((await patch({ design: 'spring' })).statusCode).toBe(400);
    expect((await patch({ serialNumber: '' })).statusCode).toBe(400);
    const other = await newDevice(10);
    expect((await patch({ serialNumber: other.serialNumber })).statusCode).toBe(409);
    expect((await patch({ pressureUnit: 'bar', builtUpBackPressure: 9.99 })).statusCode).toBe(200);
    expect((await patch({ model: 'Late' })).statusCode).toBe(409);
    const technician = await send(
      t,
      'PATCH',
      `${BASE}/devices/${d.id}`,
      { version: d.version + 1, model: 'X' },
      { as: 'technician' },
    );
    expect(technician.statusCode).toBe(403);
    expect((await send(t, 'PATCH', `${BASE}/devices/2147483647`, { version: 1 }, { as: 'engineer' })).statusCode).toBe(
      404,
    );
  });
});

describe('taking a valve off its tag', () => {
  it('needs a reason for a removal and for a swap, and keeps it with the installation it ends', async () => {
    const tag = await newTag(150);
    const first = await newDevice(150);
    const second = await newDevice(150);
    expect((await install(tag.id, { deviceId: first.id, installedOn: '2026-03-01' })).statusCode).toBe(200);
    const noReason = await install(tag.id, { deviceId: second.id, installedOn: '2026-06-01' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues[0].path).toBe('reason');
    const blank = await install(tag.id, { deviceId: second.id, installedOn: '2026-06-01', reason: '   ' });
    expect(blank.statusCode).toBe(400);
    const swapped = await install(tag.id, {
      deviceId: second.id,
      installedOn: '2026-06-01',
      reason: 'Simmering below set in service',
    });
    expect(swapped.statusCode).toBe(200);
    const afterSwap = swapped.json() as ReliefTagDetail;
    expect(afterSwap.installed?.serialNumber).toBe(second.serialNumber);
    const ended = afterSwap.installations.find((x) => x.deviceId === first.id);
    expect(ended).toMatchObject({ removedOn: '2026-06-01', removalReason: 'Simmering below set in service' });

    const remove = (body: Record<string, unknown>) =>
      send(t, 'POST', `${BASE}/tags/${tag.id}/remove`, body, { as: 'technician' });
    const missing = await remove({ removedOn: '2026-07-01' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0].path).toBe('reason');
    expect((await remove({ removedOn: '2026-05-01', reason: 'Early' })).statusCode).toBe(400);
    expect((await remove({ removedOn: 'July', reason: 'Bad date' })).statusCode).toBe(400);
    const removed = await remove({ removedOn: '2026-07-01', reason: 'Line shut down for the outage' });
    expect(removed.statusCode).toBe(200);
    const detail = removed.json() as ReliefTagDetail;
    expect(detail.installed).toBeNull();
    expect(detail.installations.find((x) => x.deviceId === second.id)?.removalReason).toBe(
      'Line shut down for the outage',
    );
    expect((await remove({ removedOn: '2026-07-02', reason: 'Again' })).statusCode).toBe(409);
    // Installing on an empty tag needs no reason: nothing comes off.
    expect((await install(tag.id, { deviceId: first.id, installedOn: '2026-08-01' })).statusCode).toBe(200);
  });
});

describe('a valve that failed as left', () => {
  it('is not installed again until a later test passes (OSHA 1910.119(j)(5))', async () => {
    const options = (await t.get(`${BASE}/test-options`, 'technician')).json();
    const tag = await newTag(150);
    const d = await newDevice(150);
    expect((await install(tag.id, { deviceId: d.id, installedOn: '2026-10-01' })).statusCode).toBe(200);
    const recorded = await send(t, 'POST', `${BASE}/tests`, {
      deviceId: d.id,
      testedOn: '2026-11-18',
      place: 'shop',
      medium: 'air',
      certificateId: options.certificates.find((c: { kind: string }) => c.kind === 'vr')?.id,
      gaugeId: options.instruments.find((i: { identifier: string }) => i.identifier === 'G-104')?.id,
      asFound: { opening: 150, reseat: 145 },
      asLeft: { opening: 150, reseat: 145, chatter: true },
      submit: true,
    });
    expect(recorded.json().asLeftResult).toBe('fail');
    const removed = await send(t, 'POST', `${BASE}/tags/${tag.id}/remove`, {
      removedOn: '2026-11-18',
      reason: 'Chattered on the bench after repair',
    });
    expect(removed.statusCode).toBe(200);
    const again = await install(tag.id, { deviceId: d.id, installedOn: '2026-11-19' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('failed its last as-left test');
  });
});
