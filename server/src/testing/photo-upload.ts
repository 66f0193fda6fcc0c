import sharp from 'sharp';
import { multipart } from './multipart';
import type { Persona, TestContext } from './test-app';

/** Uploads a small JPEG through POST /api/photos, as a phone's form would, for a valve or a work order. */
export async function uploadTestPhoto(
  t: TestContext,
  fields: { valveId?: number; workOrderId?: number; description?: string },
  as: Persona = 'supervisor',
) {
  const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#468' } })
    .jpeg()
    .toBuffer();
  const text = Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  );
  const upload = multipart(text, { name: 'photo.jpg', type: 'image/jpeg', bytes: image }, 'photo');
  return t.app.inject({
    method: 'POST',
    url: '/api/photos',
    payload: upload.payload,
    headers: { cookie: await t.cookie(as), 'content-type': upload.contentType },
  });
}
