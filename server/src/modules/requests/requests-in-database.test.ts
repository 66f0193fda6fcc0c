import { workRequest, workRequestReceipt } from '@common/schemas/requests';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, storedFiles, valves, workRequests } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { thumbnailKeyOf } from './service';

/* Work request photos with FILE_STORE=database (docs/decisions/116-stored-files.md): the bytes in stored_files. */

let t: TestContext;
let valveId = 0;
beforeAll(async () => {
  t = await createTestApp({ fileStore: 'database' });
  const [valve] = await t.db
    .select({ id: valves.id })
    .from(valves)
    .where(and(eq(valves.organizationId, 1), eq(valves.status, 'active')))
    .limit(1);
  valveId = valve.id;
});
afterAll(() => t.close());

const dataUrl = async () =>
  `data:image/png;base64,${(
    await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer()
  ).toString('base64')}`;

const storedCount = async () => (await t.db.select({ n: count() }).from(storedFiles))[0].n;
const requestCount = async () => (await t.db.select({ n: count() }).from(workRequests))[0].n;
const stored = async (key: string) => (await t.db.select().from(storedFiles).where(eq(storedFiles.key, key)))[0];

describe('work request photos in the database', () => {
  it('keeps the photo and its thumbnail with the request, makes a lost thumbnail again, and hands the photo to the work order', async () => {
    const sent = await send(t, 'POST', '/api/requests', {
      valveId,
      description: 'Hissing at the bonnet',
      photo: await dataUrl(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = workRequestReceipt.parse(sent.json());
    const [row] = await t.db.select().from(workRequests).where(eq(workRequests.id, id));
    const key = row.photoKey ?? '';
    expect(await stored(key)).toMatchObject({ organizationId: 1, contentType: 'image/jpeg' });
    expect(await stored(thumbnailKeyOf(key))).toMatchObject({ organizationId: 1, contentType: 'image/webp' });

    const image = await t.get(`/api/requests/${id}/photo`);
    expect(image.statusCode).toBe(200);
    expect(image.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': String((await stored(key)).size),
    });
    expect(image.rawPayload.equals((await stored(key)).bytes)).toBe(true);
    await t.app.files.remove(t.db, thumbnailKeyOf(key));
    const thumbnail = await t.get(`/api/requests/${id}/photo?size=thumbnail`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.rawPayload.equals((await stored(thumbnailKeyOf(key))).bytes)).toBe(true);

    const approved = await send(t, 'POST', `/api/requests/${id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const decided = workRequest.parse(approved.json());
    const [copy] = await t.db
      .select()
      .from(photos)
      .where(eq(photos.workOrderId, decided.workOrder?.id ?? 0));
    expect(await stored(copy.storageKey)).toMatchObject({ organizationId: 1, contentType: 'image/jpeg' });
    expect((await t.get(`/api/photos/${copy.id}/image`)).statusCode).toBe(200);
  });

  it("serves the demo's request photo, which the demo loader wrote through the same store", async () => {
    const [demo] = await t.db.select().from(workRequests).where(isNotNull(workRequests.photoKey)).limit(1);
    const image = await t.get(`/api/requests/${demo.id}/photo`);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals((await stored(demo.photoKey ?? '')).bytes)).toBe(true);
  });

  it('keeps neither request nor file when the photo is no image, and answers 404 when a photo lost its bytes', async () => {
    const [files, requests] = [await storedCount(), await requestCount()];
    const notImage = await send(t, 'POST', '/api/requests', {
      valveId,
      description: 'Leak',
      photo: `data:image/jpeg;base64,${Buffer.from('not an image').toString('base64')}`,
    });
    expect(notImage.statusCode).toBe(415);
    const unknownValve = await send(t, 'POST', '/api/requests', {
      valveId: 9999,
      description: 'Leak',
      photo: await dataUrl(),
    });
    expect(unknownValve.statusCode).toBe(404);
    expect([await storedCount(), await requestCount()]).toEqual([files, requests]);

    const sent = await send(t, 'POST', '/api/requests', { valveId, description: 'Drip', photo: await dataUrl() });
    const { id } = workRequestReceipt.parse(sent.json());
    const [row] = await t.db.select().from(workRequests).where(eq(workRequests.id, id));
    await t.app.files.remove(t.db, row.photoKey ?? '');
    const gone = await t.get(`/api/requests/${id}/photo`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('The request’s photo file is missing from storage');
  });
});
