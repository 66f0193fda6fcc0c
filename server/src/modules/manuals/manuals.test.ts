import { ALL_MANUALS, findManual } from '@common/manuals/library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../testing/pdf-text';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { manualPdf, PRODUCT_NAME } from './pdf';
import { MANUAL_NOT_FOUND } from './service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 5 });
});
afterAll(() => t.close());

describe('manualPdf', () => {
  it("prints the product's name, the manual's title, version and every section", async () => {
    const manual = findManual('safety-relief-valve');
    if (!manual) throw new Error('the library lost its relief valve manual');
    const text = pdfText(await manualPdf(manual));
    expect(text).toContain(`${PRODUCT_NAME} Manual Library`.toUpperCase());
    expect(text).toContain(manual.title);
    expect(text).toContain(`Version ${manual.version}`);
    expect(text).toContain('National Board NB-23');
    for (const section of manual.sections) expect(text).toContain(section.title);
    expect(text).toContain('1.  Mount the valve on the test stand with a calibrated gauge.');
    expect(text).toContain('\x95  Gag, block or isolate a relief valve on a system in service');
    expect(text).toMatch(/page 1 of \d/);
  });
});

describe('GET /api/manuals', () => {
  it('answers the built-in library the offline preload stores, and needs a session', async () => {
    const res = await t.get('/api/manuals');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { id: string }) => m.id)).toEqual(ALL_MANUALS.map((m) => m.id));
    expect((await t.get('/api/manuals', null)).statusCode).toBe(401);
  });
});

describe('GET /api/manuals/:id/pdf', () => {
  it('sends every manual of the library as a real PDF download', async () => {
    for (const manual of ALL_MANUALS) {
      const res = await t.get(`/api/manuals/${manual.id}/pdf`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${manual.id}-v${manual.version}.pdf"`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.rawPayload.subarray(-6).toString()).toContain('%%EOF');
      expect(res.rawPayload.length).toBeGreaterThan(2000);
    }
  });

  it('writes each manual once and serves the same file after', async () => {
    const first = await t.get('/api/manuals/check-valve-technical/pdf');
    const again = await t.get('/api/manuals/check-valve-technical/pdf');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('is 404 "Manual not found" for an id the library does not have', async () => {
    const res = await t.get('/api/manuals/no-such-manual/pdf');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MANUAL_NOT_FOUND });
  });

  it('is 400 naming the id for an id that cannot be one', async () => {
    for (const id of ['Ball_Valve', 'x'.repeat(61), '%27%3B--', 'ball%20valve']) {
      const res = await t.get(`/api/manuals/${id}/pdf`);
      expect(res.statusCode).toBe(400);
      const body = res.json() as { message: string; issues: { path: string }[] };
      expect(body.message).toMatch(/^Invalid params: id /);
      expect(body.issues[0].path).toBe('id');
    }
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/manuals/ball-valve-om/pdf' });
    expect(res.statusCode).toBe(401);
  });
});
