import { historyEntry } from '@common/schemas/audit';
import { valveDocument } from '@common/schemas/documents';
import { photo } from '@common/schemas/photos';
import { TEXTS } from '@common/texts';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, valveDocuments, valves } from '../../db/schema';
import { type FilePart, multipart } from '../../testing/multipart';
import { send } from '../../testing/send';
import { createTestApp, type Persona, type TestContext } from '../../testing/test-app';

let t: TestContext;
let valveId = 0;
beforeAll(async () => {
  t = await createTestApp();
  const [valve] = await t.db.select({ id: valves.id }).from(valves).where(eq(valves.organizationId, 1)).limit(1);
  valveId = valve.id;
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function upload(fields: Record<string, string>, file?: FilePart, as: Persona = 'technician', valve = valveId) {
  const body = multipart(fields, file, 'file');
  return t.app.inject({
    method: 'POST',
    url: `/api/valves/${valve}/documents`,
    payload: body.payload,
    headers: { 'content-type': body.contentType, cookie: await t.cookie(as) },
  });
}

describe('valve documents', () => {
  it('give an image a thumbnail for the list (issue 29), and a PDF none', async () => {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#446688' } })
      .png()
      .toBuffer();
    const image = await upload({ kind: 'photo' }, { name: 'nameplate.png', type: 'image/png', bytes: png });
    expect(image.statusCode, image.body).toBe(201);
    const listed = valveDocument.parse(image.json());
    expect(listed).toMatchObject({ kind: 'photo', thumbnailUrl: `/api/documents/${listed.id}/thumbnail` });
    const thumb = await t.get(listed.thumbnailUrl ?? '', 'technician');
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 213 });
    expect((await t.get(listed.thumbnailUrl ?? '', 'otherOrganization')).statusCode).toBe(404);

    const pdf = await upload({ kind: 'manual' }, { name: 'v150.pdf', type: 'application/pdf', bytes: PDF });
    expect(pdf.json().thumbnailUrl).toBeNull();
    expect((await t.get(`/api/documents/${pdf.json().id}/thumbnail`, 'technician')).statusCode).toBe(404);
  });

  it('stores a PDF with its kind, name, size and uploader, lists it and serves it', async () => {
    const res = await upload(
      { kind: 'manual', name: 'Fisher V150 instruction manual' },
      { name: 'v150.pdf', type: 'application/pdf', bytes: PDF },
    );
    expect(res.statusCode).toBe(201);
    const saved = valveDocument.parse(res.json());
    expect(saved).toMatchObject({
      name: 'Fisher V150 instruction manual.pdf',
      kind: 'manual',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
      uploadedBy: expect.any(String),
    });
    const list = await t.get(`/api/valves/${valveId}/documents`, 'technician');
    expect(list.json().map((d: { id: number }) => d.id)).toContain(saved.id);
    const file = await t.get(`${saved.url}?download=1`, 'technician');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Fisher V150 instruction manual\.pdf"/);
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('judges the type by the bytes: a PNG sent as "drawing.pdf" is kept as a PNG', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const res = await upload({ kind: 'drawing' }, { name: 'drawing.pdf', type: 'application/pdf', bytes: png });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ contentType: 'image/png', name: 'drawing.pdf.png' });
  });

  it('refuses content that is not a PDF or an image, whatever its name and declared type', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await upload({ kind: 'manual' }, { name: 'manual.pdf', type: 'application/pdf', bytes: html });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Upload a PDF, or a JPEG, PNG or WebP image.');
  });

  it('refuses a file over the size cap with 413 and a message', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(21 * 1024 * 1024)]);
    const res = await upload({ kind: 'manual' }, { name: 'huge.pdf', type: 'application/pdf', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('A document may be at most 20 MB.');
  });

  it('answers bad forms with 400 or 415 and says what is wrong', async () => {
    const file = { name: 'a.pdf', type: 'application/pdf', bytes: PDF };
    expect((await upload({}, file)).json().issues).toEqual([{ path: 'kind', message: expect.any(String) }]);
    expect((await upload({ kind: 'invoice' }, file)).statusCode).toBe(400);
    const nul = await upload({ kind: 'manual', name: 'IOM\u0000rev B' }, file);
    expect([nul.statusCode, nul.json().issues]).toEqual([
      400,
      [{ path: 'name', message: 'must not contain NUL bytes or unpaired surrogates' }],
    ]);
    const noFile = await upload({ kind: 'manual' });
    expect([noFile.statusCode, noFile.json().issues]).toEqual([400, [{ path: 'file', message: 'is required' }]]);
    expect((await upload({ kind: 'manual' }, { ...file, field: 'photo' })).statusCode).toBe(400);
    const json = await send(t, 'POST', `/api/valves/${valveId}/documents`, { kind: 'manual' }, { as: 'technician' });
    expect(json.statusCode).toBe(415);
    expect((await t.get('/api/valves/abc/documents', 'technician')).statusCode).toBe(400);
  });

  it('answers 400 to a body cut off before its end (a dropped upload), not 500', async () => {
    const body = multipart({ kind: 'manual' }, { name: 'cut.pdf', type: 'application/pdf', bytes: PDF }, 'file');
    for (const cut of [body.payload.length - 10, body.payload.length - PDF.length, 60]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/valves/${valveId}/documents`,
        payload: body.payload.subarray(0, cut),
        headers: { 'content-type': body.contentType, cookie: await t.cookie('technician') },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).not.toMatch(/went wrong/);
    }
  });

  it("answers 404 for another organization's valve and document, as if missing", async () => {
    const res = await upload(
      { kind: 'manual' },
      { name: 'a.pdf', type: 'application/pdf', bytes: PDF },
      'otherOrganization',
    );
    expect([res.statusCode, res.json().message]).toEqual([404, TEXTS.valves.notFound]);
    expect((await t.get(`/api/valves/${valveId}/documents`, 'otherOrganization')).statusCode).toBe(404);
    const [doc] = await t.db.select().from(valveDocuments).where(isNull(valveDocuments.deletedAt)).limit(1);
    expect((await t.get(`/api/documents/${doc.id}/file`, 'otherOrganization')).statusCode).toBe(404);
    const del = await send(t, 'DELETE', `/api/documents/${doc.id}`, { reason: 'x' }, { as: 'otherOrganization' });
    expect(del.statusCode).toBe(404);
  });

  it('deletes a document only with a reason; the file goes from the list and the deletion stays in the history', async () => {
    const saved = valveDocument.parse(
      (
        await upload(
          { kind: 'certificate', name: 'Old certificate' },
          { name: 'c.pdf', type: 'application/pdf', bytes: PDF },
        )
      ).json(),
    );
    expect((await send(t, 'DELETE', `/api/documents/${saved.id}`, {}, { as: 'technician' })).statusCode).toBe(400);
    const blank = await send(t, 'DELETE', `/api/documents/${saved.id}`, { reason: '   ' }, { as: 'technician' });
    expect([blank.statusCode, blank.json().issues?.[0]?.path]).toEqual([400, 'reason']);
    const done = await send(
      t,
      'DELETE',
      `/api/documents/${saved.id}`,
      { reason: 'Superseded by the 2026 recertification' },
      { as: 'technician' },
    );
    expect(done.statusCode).toBe(204);
    const list = await t.get(`/api/valves/${valveId}/documents`, 'technician');
    expect(list.json().map((d: { id: number }) => d.id)).not.toContain(saved.id);
    expect((await t.get(saved.url, 'technician')).statusCode).toBe(404);
    expect((await send(t, 'DELETE', `/api/documents/${saved.id}`, { reason: 'again' })).statusCode).toBe(404);
    const history = (await t.get(`/api/history/valves/${valveId}`, 'technician')).json().map(historyEntry.parse);
    const deletion = history.find(
      (e: { table: string; rowId: string; action: string }) =>
        e.table === 'valve_documents' && e.rowId === String(saved.id) && e.action === 'update',
    );
    expect(deletion?.userName).toBe(saved.uploadedBy);
    expect(deletion?.changes).toContainEqual(
      expect.objectContaining({ field: 'deletion_reason', from: null, to: 'Superseded by the 2026 recertification' }),
    );
    // The history names the document (issue 29: "Document changed" said not which).
    expect(deletion?.record).toBe(`Document “${saved.name}”`);
  });
});

describe('DELETE /api/photos/:id', () => {
  it('deletes a wrong photo only with a reason, and keeps who, when and why in the valve history', async () => {
    const [row] = await t.db
      .select()
      .from(photos)
      .where(and(eq(photos.organizationId, 1), isNull(photos.deletedAt)))
      .limit(1);
    const owner = row.valveId ? `valveId=${row.valveId}` : `workOrderId=${row.workOrderId}`;
    expect((await send(t, 'DELETE', `/api/photos/${row.id}`, {}, { as: 'technician' })).statusCode).toBe(400);
    const other = await send(t, 'DELETE', `/api/photos/${row.id}`, { reason: 'x' }, { as: 'otherOrganization' });
    expect(other.statusCode).toBe(404);
    const done = await send(t, 'DELETE', `/api/photos/${row.id}`, { reason: 'Wrong valve' }, { as: 'technician' });
    expect(done.statusCode).toBe(204);
    const list = (await t.get(`/api/photos?${owner}`, 'technician')).json().map(photo.parse);
    expect(list.map((p: { id: number }) => p.id)).not.toContain(row.id);
    expect((await t.get(`/api/photos/${row.id}/image`, 'technician')).statusCode).toBe(404);
    const entity = row.valveId ? `valves/${row.valveId}` : `work-orders/${row.workOrderId}`;
    const history = (await t.get(`/api/history/${entity}`, 'technician')).json();
    expect(
      history.some(
        (e: { table: string; changes: { field: string; to: unknown }[] }) =>
          e.table === 'photos' && e.changes.some((c) => c.field === 'deletion_reason' && c.to === 'Wrong valve'),
      ),
    ).toBe(true);
  });
});
