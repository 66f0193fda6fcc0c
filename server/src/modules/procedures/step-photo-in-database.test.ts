import { procedureRun } from '@common/schemas/procedures';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, storedFiles, valves } from '../../db/schema';
import { multipart } from '../../testing/multipart';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

/*
 * A photo step with FILE_STORE=database (docs/decisions/116-stored-files.md): the photo's files are written in the
 * step's transaction, so a step that refuses the photo leaves no file behind either.
 */

let t: TestContext;
let valveId = 0;
let procedureId = 0;

beforeAll(async () => {
  t = await createTestApp({ valves: 6, fileStore: 'database' });
  const [v] = await t.db.select({ id: valves.id }).from(valves).where(eq(valves.valveId, 'V-002-GV'));
  valveId = v.id;
  const walkdown = {
    name: 'Walkdown with photos',
    steps: [
      { key: 'packing', type: 'photo', label: 'Photo of the packing gland' },
      { key: 'leak', type: 'check', label: 'No visible leak' },
    ],
  };
  procedureId = (await send(t, 'POST', '/api/procedures', walkdown, { as: 'engineer' })).json().procedureId;
}, 120_000);
afterAll(() => t.close());

async function startedRun() {
  const order = (await send(t, 'POST', '/api/work-orders', { valveId, title: 'Walkdown' })).json();
  await send(t, 'POST', `/api/work-orders/${order.id}/status`, { status: 'in_progress', version: 1 });
  const attached = await send(t, 'POST', `/api/work-orders/${order.id}/procedures`, { procedureId });
  return procedureRun.parse(attached.json()[0]);
}

async function stepPhoto(runId: number, stepKey: string, bytes: Buffer, type = 'image/jpeg') {
  const upload = multipart({}, { name: 'step.jpg', type, bytes }, 'photo');
  return t.app.inject({
    method: 'POST',
    url: `/api/procedure-runs/${runId}/steps/${stepKey}/photo`,
    payload: upload.payload,
    headers: { cookie: await t.cookie('technician'), 'content-type': upload.contentType },
  });
}

const jpeg = () =>
  sharp({ create: { width: 12, height: 8, channels: 3, background: '#468' } })
    .jpeg()
    .toBuffer();
const storedCount = async () => (await t.db.select({ n: count() }).from(storedFiles))[0].n;

describe('a photo step with the files in the database', () => {
  it('keeps the photo and the step together, and serves the photo from stored_files', async () => {
    const run = await startedRun();
    const res = await stepPhoto(run.id, 'packing', await jpeg());
    expect(res.statusCode, res.body).toBe(200);
    const photoId = procedureRun.parse(res.json()[0]).results.find((r) => r.stepKey === 'packing')?.photoId;
    const [row] = await t.db
      .select()
      .from(photos)
      .where(eq(photos.id, photoId ?? 0));
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.key, row.storageKey));
    const image = await t.get(`/api/photos/${row.id}/image`, 'technician');
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(file.bytes)).toBe(true);
  });

  it('keeps no photo and no file when the step refuses it, or the file is no image', async () => {
    const before = await storedCount();
    const run = await startedRun();
    const notPhotoStep = await stepPhoto(run.id, 'leak', await jpeg());
    expect(notPhotoStep.statusCode).toBe(400);
    const notImage = await stepPhoto(run.id, 'packing', Buffer.from('not an image'), 'text/plain');
    expect([400, 415]).toContain(notImage.statusCode);
    expect(await storedCount()).toBe(before);
  });
});
