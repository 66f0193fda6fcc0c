import { valveDocument } from '@common/schemas/documents';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles, valveDocuments } from '../../db/schema';
import { type FilePart, multipart } from '../../testing/multipart';
import { createTestApp, type TestContext } from '../../testing/test-app';

/* Documents with FILE_STORE=database (docs/decisions/116-stored-files.md): the bytes in stored_files. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ fileStore: 'database' });
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function upload(fields: Record<string, string>, file: FilePart, valve = 1) {
  const body = multipart(fields, file, 'file');
  return t.app.inject({
    method: 'POST',
    url: `/api/valves/${valve}/documents`,
    payload: body.payload,
    headers: { 'content-type': body.contentType, cookie: await t.cookie('technician') },
  });
}

const storedCount = async () => (await t.db.select({ n: count() }).from(storedFiles))[0].n;

describe('documents in the database', () => {
  it('keeps a PDF in stored_files and serves the same bytes with the same headers', async () => {
    const res = await upload({ kind: 'manual' }, { name: 'v150.pdf', type: 'application/pdf', bytes: PDF });
    expect(res.statusCode, res.body).toBe(201);
    const saved = valveDocument.parse(res.json());
    const [row] = await t.db.select().from(valveDocuments).where(eq(valveDocuments.id, saved.id));
    const [stored] = await t.db.select().from(storedFiles).where(eq(storedFiles.key, row.storageKey));
    expect(stored).toMatchObject({ organizationId: 1, contentType: 'application/pdf', size: PDF.length });

    const file = await t.get(saved.url, 'technician');
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(PDF.length),
      'content-disposition': `attachment; filename="v150.pdf"; filename*=UTF-8''v150.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=31536000, immutable',
    });
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it("makes an image document's thumbnail from its stored bytes, and serves the demo's documents", async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#468' } })
      .png()
      .toBuffer();
    const image = valveDocument.parse(
      (await upload({ kind: 'drawing' }, { name: 'ga.png', type: 'image/png', bytes: png })).json(),
    );
    const thumbnail = await t.get(image.thumbnailUrl ?? '', 'technician');
    expect(thumbnail.statusCode).toBe(200);
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320 });
    expect((await t.get(image.url, 'technician')).rawPayload.equals(png)).toBe(true);

    const [demo] = await t.db.select().from(valveDocuments).where(eq(valveDocuments.contentType, 'application/pdf'));
    const demoFile = await t.get(`/api/documents/${demo.id}/file`, 'technician');
    expect(demoFile.statusCode).toBe(200);
    expect(demoFile.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(demoFile.rawPayload.length).toBe(demo.sizeBytes);
  });

  it('keeps no file of a refused upload, and answers 404 for a document whose bytes are gone', async () => {
    const before = await storedCount();
    const text = await upload(
      { kind: 'other' },
      { name: 'notes.pdf', type: 'application/pdf', bytes: Buffer.from('plain text, not a PDF') },
    );
    expect(text.statusCode).toBe(415);
    const noKind = await upload({}, { name: 'v150.pdf', type: 'application/pdf', bytes: PDF });
    expect(noKind.statusCode).toBe(400);
    const elsewhere = await upload({ kind: 'manual' }, { name: 'v150.pdf', type: 'application/pdf', bytes: PDF }, 13);
    expect(elsewhere.statusCode).toBe(404);
    expect(await storedCount()).toBe(before);

    const [kept] = await t.db.select().from(valveDocuments).where(eq(valveDocuments.organizationId, 1)).limit(1);
    await t.app.files.remove(t.db, kept.storageKey);
    const gone = await t.get(`/api/documents/${kept.id}/file`, 'technician');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Document file not found');
  });
});
