import { photo } from '@common/schemas/photos';
import { TEXTS } from '@common/texts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.get(url);

describe('GET /api/photos', () => {
  it('lists the photos of a valve, and serves each as a real JPEG and a WebP thumbnail', async () => {
    const res = await get('/api/photos?valveId=1');
    expect(res.statusCode).toBe(200);
    const photos = res.json() as ReturnType<typeof photo.parse>[];
    expect(photos.length).toBeGreaterThan(0);
    for (const p of photos) photo.strict().parse(p);

    const full = await get(photos[0].url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(full.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', photos[0].width, photos[0].height]);

    const thumb = await get(photos[0].thumbnailUrl);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBeLessThan(photos[0].width);
  });

  it('lists the photos of a work order', async () => {
    const orders = (await get('/api/work-orders')).json() as { id: number }[];
    const withPhotos = await Promise.all(
      orders.map(async (o) => (await get(`/api/photos?workOrderId=${o.id}`)).json()),
    );
    const all = withPhotos.flat() as { workOrderId: number }[];
    expect(all.length).toBeGreaterThan(0);
    for (const [i, list] of withPhotos.entries()) for (const p of list) expect(p.workOrderId).toBe(orders[i].id);
  });

  it.each([
    ['', 400, 'give exactly one of valveId or workOrderId'],
    ['?valveId=1&workOrderId=1', 400, 'give exactly one of valveId or workOrderId'],
    ['?valveId=one', 400, 'valveId must be a number'],
    ['?workOrderId=0', 400, 'workOrderId must be a positive number'],
    ['?valveId=424242', 404, TEXTS.valves.notFound],
    ['?workOrderId=424242', 404, TEXTS.workOrders.notFound],
  ])('GET /api/photos%s → %i', async (query, status, message) => {
    const res = await get(`/api/photos${query}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
  });

  it.each([
    ['/api/photos/abc/image', 400, 'id must be a number'],
    ['/api/photos/1/image?size=huge', 400, 'size'],
    ['/api/photos/999999/image', 404, 'Photo not found'],
  ])('GET %s → %i', async (url, status, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
  });
});
