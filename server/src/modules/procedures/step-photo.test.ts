import { procedureRun } from '@common/schemas/procedures';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, valves } from '../../db/schema';
import { multipart } from '../../testing/multipart';
import { send } from '../../testing/send';
import { createTestApp, type Persona, type TestContext } from '../../testing/test-app';

/*
 * A photo step in one request (issue 29): a technician with no signal takes the photo once, and one queued write
 * carries the photo and the step's answer. Refused, neither is kept.
 */

let t: TestContext;
let valveId = 0;
let procedureId = 0;
const walkdown = {
  name: 'Walkdown with photos',
  steps: [
    { key: 'packing', type: 'photo', label: 'Photo of the packing gland' },
    { key: 'leak', type: 'check', label: 'No visible leak' },
  ],
};

beforeAll(async () => {
  t = await createTestApp({ valves: 6 });
  const [v] = await t.db.select({ id: valves.id }).from(valves).where(eq(valves.valveId, 'V-002-GV'));
  valveId = v.id;
  procedureId = (await send(t, 'POST', '/api/procedures', walkdown, { as: 'engineer' })).json().procedureId;
}, 120_000);
afterAll(() => t.close());

async function orderWithRun(started = true) {
  const order = (await send(t, 'POST', '/api/work-orders', { valveId, title: 'Walkdown' })).json();
  if (started) await send(t, 'POST', `/api/work-orders/${order.id}/status`, { status: 'in_progress', version: 1 });
  const attached = await send(t, 'POST', `/api/work-orders/${order.id}/procedures`, { procedureId });
  return { order, run: procedureRun.parse(attached.json()[0]) };
}

const jpeg = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#468' } })
    .jpeg()
    .toBuffer();

async function stepPhoto(
  url: string,
  options: { as?: Persona; fields?: Record<string, string>; file?: { type: string; bytes: Buffer } | null } = {},
) {
  const file =
    options.file === null
      ? undefined
      : { name: 'step.jpg', ...(options.file ?? { type: 'image/jpeg', bytes: await jpeg() }) };
  const upload = multipart(options.fields ?? {}, file, 'photo');
  return t.app.inject({
    method: 'POST',
    url,
    payload: upload.payload,
    headers: { cookie: await t.cookie(options.as ?? 'technician'), 'content-type': upload.contentType },
  });
}

const photoCount = async () => (await t.db.select({ id: photos.id }).from(photos)).length;

describe('POST /api/procedure-runs/:runId/steps/:stepKey/photo', () => {
  it("keeps the photo as the work order's and records the step with it, in one request", async () => {
    const { order, run } = await orderWithRun();
    const res = await stepPhoto(`/api/procedure-runs/${run.id}/steps/packing/photo`, {
      fields: { description: 'Gland, north side' },
    });
    expect(res.statusCode).toBe(200);
    const [after] = res.json().map((r: unknown) => procedureRun.parse(r));
    const result = after.results.find((r: { stepKey: string }) => r.stepKey === 'packing');
    expect(result?.photoId).toEqual(expect.any(Number));
    const [photo] = await t.db
      .select()
      .from(photos)
      .where(eq(photos.id, result?.photoId ?? 0));
    expect(photo).toMatchObject({ workOrderId: order.id, description: 'Gland, north side' });
  });

  it('keeps nothing when the step refuses it: not a photo step, or the order not started', async () => {
    const before = await photoCount();
    const { run } = await orderWithRun();
    const notPhoto = await stepPhoto(`/api/procedure-runs/${run.id}/steps/leak/photo`);
    expect(notPhoto.statusCode).toBe(400);
    const unknownStep = await stepPhoto(`/api/procedure-runs/${run.id}/steps/nowhere/photo`);
    expect(unknownStep.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknownStep.statusCode).toBeLessThan(500);
    const waiting = await orderWithRun(false);
    const notStarted = await stepPhoto(`/api/procedure-runs/${waiting.run.id}/steps/packing/photo`);
    expect(notStarted.statusCode).toBe(409);
    expect(await photoCount()).toBe(before);
  });

  it('answers 400 without a photo or for a file that is not one, 404 for another organization, 401 signed out', async () => {
    const { run } = await orderWithRun();
    const url = `/api/procedure-runs/${run.id}/steps/packing/photo`;
    const none = await stepPhoto(url, { file: null });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/photo/);
    const text = await stepPhoto(url, { file: { type: 'text/plain', bytes: Buffer.from('not an image') } });
    expect([400, 415]).toContain(text.statusCode);
    const long = await stepPhoto(url, { fields: { description: 'x'.repeat(501) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/description must be at most 500 characters/);
    expect((await stepPhoto(url, { as: 'otherOrganization' })).statusCode).toBe(404);
    expect((await stepPhoto('/api/procedure-runs/abc/steps/packing/photo')).statusCode).toBe(400);
    const signedOut = await t.app.inject({ method: 'POST', url });
    expect(signedOut.statusCode).toBe(401);
  });
});
