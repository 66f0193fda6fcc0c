import { photo } from '@common/schemas/photos';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, storedFiles } from '../../db/schema';
import { multipart } from '../../testing/multipart';
import { createTestApp, type TestContext } from '../../testing/test-app';

/* Photos with FILE_STORE=database (docs/decisions/116-stored-files.md): the bytes in stored_files, not on a disk. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ fileStore: 'database' });
});
afterAll(() => t.close());

async function upload(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const body = multipart(fields, file, 'photo');
  return t.app.inject({
    method: 'POST',
    url: '/api/photos',
    payload: body.payload,
    headers: { 'content-type': body.contentType, cookie: await t.cookie('technician') },
  });
}

const storedCount = async () => (await t.db.select({ n: count() }).from(storedFiles))[0].n;
const storedRow = async (key: string) => (await t.db.select().from(storedFiles).where(eq(storedFiles.key, key)))[0];

describe('photos in the database', () => {
  it('keeps an upload and its thumbnail in stored_files and serves them as they are kept', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const res = await upload({ valveId: '1' }, { name: 'gland.png', type: 'image/png', bytes: png });
    expect(res.statusCode, res.body).toBe(201);
    const saved = photo.parse(res.json());
    const [row] = await t.db.select().from(photos).where(eq(photos.id, saved.id));
    const full = await storedRow(row.storageKey);
    expect(full).toMatchObject({ organizationId: 1, contentType: 'image/jpeg', size: row.sizeBytes });
    expect(await storedRow(row.thumbnailKey)).toMatchObject({ organizationId: 1, contentType: 'image/webp' });

    const image = await t.get(saved.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': String(full.size),
      'cache-control': 'private, max-age=31536000, immutable',
    });
    expect(image.rawPayload.equals(full.bytes)).toBe(true);
    const thumbnail = await t.get(saved.thumbnailUrl);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumbnail.rawPayload).metadata()).format).toBe('webp');
  });

  it("serves the demo's photos, which the demo loader wrote through the same store", async () => {
    const [demo] = await t.db
      .select({ id: photos.id, key: photos.storageKey })
      .from(photos)
      .where(and(eq(photos.organizationId, 1), isNotNull(photos.valveId)))
      .limit(1);
    const image = await t.get(`/api/photos/${demo.id}/image`);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals((await storedRow(demo.key)).bytes)).toBe(true);
  });

  it('keeps no file of an upload it refuses, and answers 404 when a kept photo lost its bytes', async () => {
    const before = await storedCount();
    const text = await upload({ valveId: '1' }, { name: 'x.jpg', type: 'image/jpeg', bytes: Buffer.from('no image') });
    expect(text.statusCode).toBe(415);
    const elsewhere = await upload(
      { valveId: '13' },
      {
        name: 'x.png',
        type: 'image/png',
        bytes: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      },
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(await storedCount()).toBe(before);

    const [kept] = await t.db.select().from(photos).where(eq(photos.organizationId, 1)).limit(1);
    await t.app.files.remove(t.db, kept.storageKey);
    const gone = await t.get(`/api/photos/${kept.id}/image`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Photo file not found');
  });
});
