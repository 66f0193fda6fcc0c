/**
 * Issue 27, item 11: documents were judged by their first bytes only and served inline. A 400 MP PNG bomb, a
 * "%PDF-" file holding HTML and names with HTML are now refused, saved rather than opened, and stripped.
 */
import { deflateSync } from 'node:zlib';
import { valveDocument } from '@common/schemas/documents';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valves } from '../../db/schema';
import { type FilePart, multipart } from '../../testing/multipart';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { IMAGE_NOT_READ } from '../photos';

let t: TestContext;
let valveId = 0;
beforeAll(async () => {
  t = await createTestApp({ valves: 2 });
  const [valve] = await t.db.select({ id: valves.id }).from(valves).where(eq(valves.organizationId, 1)).limit(1);
  valveId = valve.id;
});
afterAll(() => t.close());

async function upload(fields: Record<string, string>, file: FilePart) {
  const body = multipart(fields, file, 'file');
  return t.app.inject({
    method: 'POST',
    url: `/api/valves/${valveId}/documents`,
    payload: body.payload,
    headers: { 'content-type': body.contentType, cookie: await t.cookie('technician') },
  });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A valid PNG header declaring 20,000 × 20,000 grey pixels (400 MP), with a few rows of data: a small file. */
function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const rows = deflateSync(Buffer.alloc(10 * 20_001));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('document uploads and files (issue 27, item 11)', () => {
  it('refuses a 400 MP PNG bomb as the photo path does', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    const res = await upload({ kind: 'drawing' }, { name: 'plan.png', type: 'image/png', bytes: bomb });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(IMAGE_NOT_READ);
  });

  it('serves a "%PDF-" file holding HTML as an attachment that may run nothing and is never sniffed', async () => {
    const html = Buffer.from('%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n');
    const res = await upload({ kind: 'manual' }, { name: 'manual.pdf', type: 'application/pdf', bytes: html });
    expect(res.statusCode).toBe(201);
    const file = await t.get(valveDocument.parse(res.json()).url, 'technician');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; /);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toMatch(/(^|; )sandbox($|;)/);
  });

  it('opens an image inline, still sandboxed', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const res = await upload({ kind: 'drawing' }, { name: 'p.png', type: 'image/png', bytes: png });
    const file = await t.get(valveDocument.parse(res.json()).url, 'technician');
    expect(file.headers['content-disposition']).toMatch(/^inline; /);
    expect(file.headers['content-security-policy']).toContain('sandbox');
  });

  it('strips markup from a document name', async () => {
    const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
    const res = await upload(
      { kind: 'manual', name: '<img src=x onerror=alert(1)>Seat <b>lapping</b> guide<script>x</script>' },
      { name: 'x.pdf', type: 'application/pdf', bytes: PDF },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('Seat lapping guidex.pdf');
  });
});
