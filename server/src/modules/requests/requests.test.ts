import {
  MAX_REQUEST_PHOTO_CHARS,
  requestLink,
  workRequest,
  workRequestReceipt,
  workRequestStatusView,
} from '@common/schemas/requests';
import { and, asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, valves, workOrders, workRequests } from '../../db/schema';
import { createTestApp, type Persona, type TestContext } from '../../testing/test-app';
import { PHOTO_MISSING_LINE, REQUESTS_PER_ADDRESS_HOUR, REQUESTS_PER_LABEL_HOUR } from './commands';

let t: TestContext;
let valveA = 0;
let valveB = 0;
beforeAll(async () => {
  t = await createTestApp({ valves: 20 });
  const list = await t.db.select().from(valves).where(eq(valves.organizationId, 1)).orderBy(asc(valves.id));
  valveA = list.find((v) => v.plant === 'Power Plant A' && v.status !== 'decommissioned')?.id ?? 0;
  valveB = list.find((v) => v.plant === 'Gas Plant B' && v.status !== 'decommissioned')?.id ?? 0;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST';
const as = async (persona: Persona | null, method: Method, url: string, payload?: unknown, ip = '203.0.113.7') =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    remoteAddress: ip,
    headers: persona ? { cookie: await t.cookie(persona) } : {},
  });

const labelOf = async (valveId: number) =>
  requestLink.strict().parse((await t.get(`/api/valves/${valveId}/request-link`, 'technician')).json());

const photo = async () =>
  `data:image/png;base64,${(
    await sharp({ create: { width: 16, height: 12, channels: 3, background: '#c33' } })
      .png()
      .toBuffer()
  ).toString('base64')}`;

describe('a work request from the valve’s label, with no account', () => {
  it('names the valve by its tag only, takes the request with a photo, and shows its status by the link', async () => {
    const label = await labelOf(valveA);
    expect(label.path).toBe(`/r/${label.token}`);
    expect((await labelOf(valveA)).token).toBe(label.token);
    const page = await as(null, 'GET', `/api/requests/labels/${label.token}`);
    expect(page.statusCode).toBe(200);
    const [valve] = await t.db.select().from(valves).where(eq(valves.id, valveA));
    expect(page.json()).toEqual({ valveTag: valve.valveId });

    const sent = await as(null, 'POST', '/api/requests', {
      labelToken: label.token,
      description: 'Steam leaking from the gland, dripping on the walkway',
      photo: await photo(),
      name: 'Dana (contractor, scaffolding)',
      contact: '555-0134',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const receipt = workRequestReceipt.strict().parse(sent.json());
    expect(receipt.statusPath).toMatch(/^\/r\/status\/[A-Za-z0-9_-]{40,}$/);
    const token = receipt.statusPath.split('/').pop();
    const status = workRequestStatusView
      .strict()
      .parse((await as(null, 'GET', `/api/requests/status/${token}`)).json());
    expect(status).toMatchObject({ status: 'open', valveTag: valve.valveId, reason: null, workOrderNumber: null });
    expect((await as(null, 'GET', '/api/requests/status/not-a-link')).statusCode).toBe(404);
    expect((await as(null, 'GET', '/api/requests/labels/not-a-label')).json().message).toBe(
      'This request QR is not known: ask the plant for a new label.',
    );
    // Nothing else of the plant is readable without an account.
    expect((await as(null, 'GET', '/api/requests')).statusCode).toBe(401);

    const listed = (await t.get('/api/requests?status=open')).json().map((r: unknown) => workRequest.strict().parse(r));
    const mine = listed.find((r: { id: number }) => r.id === receipt.id);
    expect(mine).toMatchObject({ source: 'label', name: 'Dana (contractor, scaffolding)', requestedBy: null });
    const image = await t.get(mine.photoUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    // The triage list's thumbnail is small and WebP; made again on first ask when its file is gone.
    const thumbnail = await t.get(mine.thumbnailUrl);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.rawPayload.length).toBeLessThan(image.rawPayload.length);
    const [kept] = await t.db.select().from(workRequests).where(eq(workRequests.id, receipt.id));
    await t.app.files.remove(t.db, (kept.photoKey as string).replace(/\.jpg$/, '-thumb.webp'));
    expect((await t.get(mine.thumbnailUrl)).headers['content-type']).toBe('image/webp');
    expect((await t.get(`${mine.photoUrl}?size=huge`)).statusCode).toBe(400);

    // Approved: a work order with the request's text and its photo; the requester's link says so.
    const approved = await as('supervisor', 'POST', `/api/requests/${receipt.id}/approve`, { priority: 'high' });
    expect(approved.statusCode, approved.body).toBe(200);
    const decided = workRequest.strict().parse(approved.json());
    expect(decided).toMatchObject({ status: 'approved', decidedBy: { name: expect.any(String) } });
    const [order] = await t.db
      .select()
      .from(workOrders)
      .where(eq(workOrders.id, decided.workOrder?.id ?? 0));
    expect(order).toMatchObject({ valveId: valveA, priority: 'high', status: 'pending' });
    expect(order.description).toContain('Steam leaking from the gland');
    expect(order.description).toContain('Dana (contractor, scaffolding) (555-0134)');
    expect(await t.db.select().from(photos).where(eq(photos.workOrderId, order.id))).toHaveLength(1);
    const after = (await as(null, 'GET', `/api/requests/status/${token}`)).json();
    expect(after).toMatchObject({ status: 'approved', workOrderNumber: order.workOrderId });
    expect((await as('supervisor', 'POST', `/api/requests/${receipt.id}/reject`, { reason: 'x' })).statusCode).toBe(
      409,
    );
  });

  it('approves a request whose photo is gone from the file store: the order says so, never a 500', async () => {
    const label = await labelOf(valveA);
    const sent = await as(
      null,
      'POST',
      '/api/requests',
      { labelToken: label.token, description: 'Gland weeping', photo: await photo() },
      '198.51.100.200',
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = workRequestReceipt.strict().parse(sent.json());
    const [kept] = await t.db.select().from(workRequests).where(eq(workRequests.id, id));
    await t.app.files.remove(t.db, kept.photoKey as string);
    const approved = await as('supervisor', 'POST', `/api/requests/${id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const decided = workRequest.strict().parse(approved.json());
    const [order] = await t.db
      .select()
      .from(workOrders)
      .where(eq(workOrders.id, decided.workOrder?.id ?? 0));
    expect(order.description).toBe(`Work request #${id}, reported:\nGland weeping\n${PHOTO_MISSING_LINE}`);
    expect(await t.db.select().from(photos).where(eq(photos.workOrderId, order.id))).toHaveLength(0);
  });

  it('limits one label to a few requests an hour, whatever the address', async () => {
    const label = await labelOf(valveB);
    for (let i = 0; i < REQUESTS_PER_LABEL_HOUR; i++) {
      const res = await as(
        null,
        'POST',
        '/api/requests',
        { labelToken: label.token, description: `Noise ${i}` },
        `198.51.100.${i}`,
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const flood = await as(
      null,
      'POST',
      '/api/requests',
      { labelToken: label.token, description: 'More' },
      '198.51.100.99',
    );
    expect(flood.statusCode).toBe(429);
    expect(flood.json().message).toBe(
      'Too many requests from here just now. Try again in an hour, or tell a supervisor.',
    );
    // A signed-in user is not limited by the label's count.
    const inside = await as('technician', 'POST', '/api/requests', { valveId: valveB, description: 'Still noisy' });
    expect(inside.statusCode, inside.body).toBe(201);
  });

  it('limits one address to a few requests an hour over every label, and counts from the next address afresh', async () => {
    const open = (await t.db.select().from(valves).where(eq(valves.organizationId, 1)).orderBy(asc(valves.id))).filter(
      (v) => v.status !== 'decommissioned' && v.id !== valveA && v.id !== valveB,
    );
    const labels = await Promise.all(open.slice(0, 3).map((v) => labelOf(v.id)));
    const address = '192.0.2.200';
    // Spread so no label reaches its own limit (10): the address's (20) is what stops the 21st.
    for (let i = 0; i < REQUESTS_PER_ADDRESS_HOUR; i++) {
      const res = await as(
        null,
        'POST',
        '/api/requests',
        { labelToken: labels[i % 3].token, description: `Drip ${i}` },
        address,
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await as(
      null,
      'POST',
      '/api/requests',
      { labelToken: labels[2].token, description: 'One more' },
      address,
    );
    expect(over.statusCode).toBe(429);
    const next = await as(
      null,
      'POST',
      '/api/requests',
      { labelToken: labels[2].token, description: 'Other' },
      '192.0.2.201',
    );
    expect(next.statusCode, next.body).toBe(201);
  });

  it('refuses bad requests with a 400 on the field, and a request by id without an account', async () => {
    const label = await labelOf(valveA);
    for (const [body, path] of [
      [{ labelToken: label.token }, 'description'],
      [{ labelToken: label.token, description: '' }, 'description'],
      [{ labelToken: label.token, description: 'x'.repeat(2001) }, 'description'],
      [{ labelToken: label.token, description: 'Leak', photo: 'http://example.com/a.jpg' }, 'photo'],
      [{ labelToken: label.token, description: 'Leak', photo: 'data:text/html;base64,PGI+' }, 'photo'],
      [{ description: 'Leak' }, 'valveId'],
      [{ valveId: 'abc', description: 'Leak' }, 'valveId'],
    ] as const) {
      const res = await as(null, 'POST', '/api/requests', body, '192.0.2.55');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues?.[0]?.path, JSON.stringify(body)).toBe(path);
    }
    // At the contract's limit the body still fits the route's; one character past it is a 400 on the photo.
    const head = 'data:image/jpeg;base64,';
    const tooLarge = await as(null, 'POST', '/api/requests', {
      labelToken: label.token,
      description: 'Leak',
      photo: head + 'A'.repeat(MAX_REQUEST_PHOTO_CHARS + 1 - head.length),
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().issues[0]).toEqual({
      path: 'photo',
      message: 'is too large: send a photo of at most about 10 MB',
    });
    const notImage = await as(null, 'POST', '/api/requests', {
      labelToken: label.token,
      description: 'Leak',
      photo: `data:image/jpeg;base64,${Buffer.from('not an image').toString('base64')}`,
    });
    expect(notImage.statusCode).toBe(415);
    expect((await as(null, 'POST', '/api/requests', { valveId: valveA, description: 'Leak' })).statusCode).toBe(401);
    expect((await as(null, 'POST', '/api/requests', { labelToken: 'nope', description: 'Leak' })).statusCode).toBe(404);
  });
});

describe('the label sheet', () => {
  it('reads every request QR of a plant at once, the same as each valve’s own, and only the user’s plants', async () => {
    const url = `/api/request-links?plant=${encodeURIComponent('Power Plant A')}`;
    const sheet = (await t.get(url, 'technician')).json().map((l: unknown) => requestLink.strict().parse(l));
    const inA = await t.db
      .select({ id: valves.id })
      .from(valves)
      .where(and(eq(valves.organizationId, 1), eq(valves.plant, 'Power Plant A')))
      .orderBy(asc(valves.valveId));
    expect(sheet.map((l: { valveId: number }) => l.valveId)).toEqual(inA.map((v) => v.id));
    for (const link of sheet.slice(0, 3)) expect(await labelOf(link.valveId)).toEqual(link);
    expect((await t.get(url)).json()).toEqual(sheet);
    expect(new Set(sheet.map((l: { token: string }) => l.token)).size).toBe(sheet.length);
    const elsewhere = `/api/request-links?plant=${encodeURIComponent('Gas Plant B')}`;
    expect((await as('limited', 'GET', elsewhere)).json()).toEqual([]);
    // The other organization has a plant of that name too: its own valves, none of these.
    const theirs = (await as('otherOrganization', 'GET', url)).json() as { valveId: number }[];
    const ours = new Set(inA.map((v) => v.id));
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((l) => ours.has(l.valveId))).toBe(false);
    expect((await t.get('/api/request-links')).statusCode).toBe(400);
  });
});

describe('triage', () => {
  const request = async (valveId: number, description: string) => {
    const res = await as('technician', 'POST', '/api/requests', { valveId, description });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };

  it('merges into an open order of the same valve only, rejects with a reason, and decides once', async () => {
    const id = await request(valveA, 'Handwheel stiff');
    const [open] = await t.db
      .select()
      .from(workOrders)
      .where(and(eq(workOrders.valveId, valveA), inArray(workOrders.status, ['pending', 'in_progress'])));
    const [elsewhere] = await t.db
      .select()
      .from(workOrders)
      .where(and(eq(workOrders.valveId, valveB), inArray(workOrders.status, ['pending', 'in_progress'])));
    const wrong = await as('supervisor', 'POST', `/api/requests/${id}/merge`, { workOrderId: elsewhere.id });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().issues[0].path).toBe('workOrderId');
    const merged = await as('supervisor', 'POST', `/api/requests/${id}/merge`, { workOrderId: open.id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ status: 'merged', workOrder: { id: open.id } });
    const [after] = await t.db.select().from(workOrders).where(eq(workOrders.id, open.id));
    expect(after.description).toContain('Handwheel stiff');

    const other = await request(valveA, 'Paint flaking');
    expect((await as('supervisor', 'POST', `/api/requests/${other}/reject`, {})).statusCode).toBe(400);
    const rejected = await as('supervisor', 'POST', `/api/requests/${other}/reject`, {
      reason: 'Cosmetic: next repaint',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Cosmetic: next repaint' });
    expect((await as('supervisor', 'POST', `/api/requests/${other}/approve`, {})).statusCode).toBe(409);
  });

  it('is a supervisor’s: technicians may not, a plant-limited user sees only their plant’s requests', async () => {
    const inB = await request(valveB, 'Weeping flange');
    expect((await as('technician', 'POST', `/api/requests/${inB}/approve`, {})).statusCode).toBe(403);
    expect((await as('engineer', 'POST', `/api/requests/${inB}/reject`, { reason: 'x' })).statusCode).toBe(403);
    const limited = (await as('limited', 'GET', '/api/requests')).json();
    expect(limited.every((r: { valve: { plant: string } }) => r.valve.plant === 'Power Plant A')).toBe(true);
    expect((await as('limited', 'POST', '/api/requests', { valveId: valveB, description: 'x' })).statusCode).toBe(404);
    expect((await as('otherOrganization', 'POST', `/api/requests/${inB}/approve`, {})).statusCode).toBe(404);
    const [row] = await t.db.select().from(workRequests).where(eq(workRequests.id, inB));
    expect(row.status).toBe('open');
  });
});
