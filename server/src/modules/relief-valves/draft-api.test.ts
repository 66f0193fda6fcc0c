import type { ReliefTag, ReliefTest } from '@common/schemas/relief-valves';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

/* Issue 28: a draft test record is edited (the whole record again, with its version) and then submitted. */

let t: TestContext;
const BASE = '/api/relief-valves';
let base: Record<string, unknown>;
let tag: ReliefTag;

beforeAll(async () => {
  t = await createTestApp();
  const options = (await t.get(`${BASE}/test-options`, 'technician')).json();
  tag = ((await t.get(`${BASE}/tags?plant=Gas%20Plant%20B`)).json() as ReliefTag[]).find(
    (x) => x.installed,
  ) as ReliefTag;
  base = {
    deviceId: tag.installed?.deviceId,
    testedOn: '2026-11-18',
    place: 'shop',
    medium: 'air',
    certificateId: options.certificates.find((c: { kind: string }) => c.kind === 'vr')?.id,
    // A gauge in calibration whose scale suits the set (25-75% of full scale), so nothing blocks a submit.
    gaugeId: options.instruments.find(
      (i: { kind: string; rangeMax: number | null; rangeUnit: string; calibrationDueOn: string }) =>
        i.kind === 'gauge' &&
        i.rangeUnit === 'psi' &&
        i.rangeMax !== null &&
        tag.setPressure >= i.rangeMax * 0.25 &&
        tag.setPressure <= i.rangeMax * 0.75 &&
        i.calibrationDueOn > '2026-11-18',
    )?.id,
  };
});
afterAll(() => t.close());

const draft = async () => {
  const res = await send(t, 'POST', `${BASE}/tests`, { ...base, asFound: { opening: tag.setPressure } });
  expect(res.statusCode).toBe(201);
  return res.json() as ReliefTest;
};
const edit = (test: ReliefTest, body: Record<string, unknown>, as: 'technician' | 'limited' = 'technician') =>
  send(t, 'PATCH', `${BASE}/tests/${test.id}`, { ...base, version: test.version, ...body }, { as });

describe('editing a draft', () => {
  it('takes the whole record again, judges it, and submits it when asked', async () => {
    const saved = await draft();
    expect(saved.status).toBe('draft');
    const set = tag.setPressure;
    const res = await edit(saved, {
      asFound: { opening: set, reseat: set * 0.95 },
      asFoundSeat: { medium: 'air', heldPressure: set * 0.9, bubblesPerMinute: 0 },
      submit: true,
    });
    expect(res.statusCode).toBe(200);
    const submitted = res.json() as ReliefTest;
    expect(submitted.blockers).toEqual([]);
    expect(submitted).toMatchObject({ id: saved.id, status: 'submitted', asFoundResult: 'pass' });
    // Submitted: no longer edited, whatever the version.
    const again = await edit(submitted, { asFound: { opening: set, reseat: set * 0.95 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('only a draft is edited');
  });

  it('keeps it a draft without submit, and refuses a stale version with the record as it is', async () => {
    const saved = await draft();
    const first = await edit(saved, { asFound: { opening: tag.setPressure, reseat: tag.setPressure * 0.96 } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'draft', version: saved.version + 1 });
    const stale = await edit(saved, { asFound: { opening: tag.setPressure } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.work.asFound.reseat).toBeCloseTo(tag.setPressure * 0.96, 4);
  });

  it('refuses bad input at its field and leaves the draft as it was', async () => {
    const saved = await draft();
    const cases: [Record<string, unknown>, string][] = [
      [{ asFound: { opening: 100, reseat: 120 } }, 'asFound.reseat'],
      [{ testedOn: '2099-01-01' }, 'testedOn'],
      [{ version: undefined }, 'version'],
      [{ deviceId: 2147483647 }, 'deviceId'],
      [{ gaugeId: 'G-104' }, 'gaugeId'],
    ];
    for (const [body, field] of cases) {
      const res = await edit(saved, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues?.map((i: { path: string }) => i.path) ?? [res.json().message]).toContain(field);
    }
    const unchanged = (await t.get(`${BASE}/tests/${saved.id}`)).json() as ReliefTest;
    expect(unchanged).toMatchObject({ version: saved.version, status: 'draft' });
    expect(unchanged.work.asFound?.reseat ?? null).toBeNull();
    expect((await send(t, 'PATCH', `${BASE}/tests/2147483647`, { ...base, version: 1 })).statusCode).toBe(404);
    // Another plant's draft is not there for a plant-limited user.
    expect((await edit(saved, {}, 'limited')).statusCode).toBe(404);
  });
});
