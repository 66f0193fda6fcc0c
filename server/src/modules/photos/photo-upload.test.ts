import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { photo } from '@common/schemas/photos';
import { TEXTS } from '@common/texts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { multipart } from '../../testing/multipart';
import { createTestApp, type Persona, type TestContext } from '../../testing/test-app';

let t: TestContext;
/** Open work nobody has signed: a signed work order takes no more photos (signatures.test.ts). */
let openOrder: string;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await rowsOf<{ id: number }>(
    t.db,
    sql`select w.id from work_orders w where w.status = 'pending' and not exists
      (select 1 from signatures s where s.entity_type = 'work_order' and s.entity_id = w.id) order by w.id limit 1`,
  );
  openOrder = String(row.id);
});
afterAll(() => t.close());

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

async function upload(
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer },
  as: Persona = 'technician',
) {
  const body = multipart(fields, file, 'photo');
  return t.app.inject({
    method: 'POST',
    url: '/api/photos',
    payload: body.payload,
    headers: { 'content-type': body.contentType, cookie: await t.cookie(as) },
  });
}

/** A 40×20 photo taken with the phone turned (EXIF orientation 6) and GPS coordinates in its EXIF. */
const turnedPhotoWithGps = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366aa' } })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();

/** The EXIF tag that points at the GPS block (0x8825, little-endian as libexif writes it). */
const GPS_POINTER = Buffer.from([0x25, 0x88]);

describe('POST /api/photos', () => {
  it('stores a photo upright, with no EXIF or location left, and lists it with its description', async () => {
    const original = await turnedPhotoWithGps();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(GPS_POINTER)).toBe(true);
    const res = await upload(
      { valveId: '1', description: 'Gland leak, north side' },
      { name: 'IMG_0001.jpg', type: 'image/jpeg', bytes: original },
    );
    expect(res.statusCode).toBe(201);
    const saved = photo.parse(res.json());
    expect([saved.width, saved.height]).toEqual([20, 40]);
    const stored = await t.get(saved.url);
    const meta = await sharp(stored.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.orientation]).toEqual([
      'jpeg',
      20,
      40,
      undefined,
      undefined,
    ]);
    const list = (await t.get('/api/photos?valveId=1')).json();
    expect(list[0]).toEqual(expect.objectContaining({ id: saved.id, description: 'Gland leak, north side' }));
    const feed = (await t.get('/api/dashboard/activities')).json();
    expect(feed[0]).toEqual(expect.objectContaining({ type: 'photo_uploaded' }));
  });

  it('accepts PNG, WebP and an iPhone HEIC (HEVC), judged by content whatever the name says', async () => {
    const png = await sharp({ create: { width: 30, height: 30, channels: 4, background: '#ff0000' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#00ff00' } })
      .webp()
      .toBuffer();
    const heic = await readFile(path.join(fixtures, 'valve.heic'));
    for (const bytes of [png, webp, heic]) {
      const res = await upload(
        { workOrderId: openOrder },
        { name: 'photo.bin', type: 'application/octet-stream', bytes },
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().contentType).toBe('image/jpeg');
    }
    const heicSaved = (await t.get(`/api/photos?workOrderId=${openOrder}`)).json()[0];
    const pixels = await sharp((await t.get(heicSaved.url)).rawPayload).stats();
    expect(pixels.channels[0].mean).toBeGreaterThan(150);
  });

  it.each([
    [
      'a text file named .jpg',
      { valveId: '1' },
      { name: 'x.jpg', type: 'image/jpeg', bytes: Buffer.from('not an image at all') },
      415,
      'Upload a JPEG, PNG, WebP or HEIC photo.',
    ],
    [
      'a GIF',
      { valveId: '1' },
      {
        name: 'x.gif',
        type: 'image/gif',
        bytes: Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
      },
      415,
      'Upload a JPEG, PNG, WebP or HEIC photo.',
    ],
    ['no file', { valveId: '1' }, undefined, 400, 'photo is required'],
    ['no owner', {}, 'png', 400, 'give exactly one of valveId or workOrderId'],
    ['both owners', { valveId: '1', workOrderId: '1' }, 'png', 400, 'give exactly one of valveId or workOrderId'],
    ['a bad id', { valveId: 'abc' }, 'png', 400, 'valveId must be a number'],
    [
      'a long description',
      { valveId: '1', description: 'x'.repeat(501) },
      'png',
      400,
      'description must be at most 500 characters',
    ],
    [
      'a description with a NUL byte',
      { valveId: '1', description: 'Gland\u0000leak' },
      'png',
      400,
      'description must not contain NUL bytes',
    ],
    ['an unknown valve', { valveId: '424242' }, 'png', 404, TEXTS.valves.notFound],
    ['another organization’s valve', { valveId: '13' }, 'png', 404, TEXTS.valves.notFound],
  ])('refuses %s', async (_name, fields, file, status, message) => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const part =
      file === 'png' ? { name: 'p.png', type: 'image/png', bytes: png } : (file as Parameters<typeof upload>[1]);
    const res = await upload(fields as Record<string, string>, part);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
  });

  it('refuses a photo over 15 MB with 413, and a body that is not multipart with 415', async () => {
    const big = Buffer.alloc(15 * 1024 * 1024 + 1, 1);
    const res = await upload({ valveId: '1' }, { name: 'big.jpg', type: 'image/jpeg', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('A photo may be at most 15 MB.');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/photos',
      payload: { valveId: 1 },
      headers: { cookie: await t.cookie('technician') },
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers 400 to a body cut off before its end (a dropped upload), not 500', async () => {
    const body = multipart(
      { valveId: '1' },
      { name: 'cut.jpg', type: 'image/jpeg', bytes: Buffer.alloc(4096, 7) },
      'photo',
    );
    for (const cut of [body.payload.length - 10, body.payload.length - 4200, 60]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/photos',
        payload: body.payload.subarray(0, cut),
        headers: { 'content-type': body.contentType, cookie: await t.cookie('technician') },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).not.toMatch(/went wrong/);
    }
  });
});
