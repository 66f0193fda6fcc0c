import { and, desc, eq, ne, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { auditLog, reliefTags, reliefTests, users, valves } from '../../db/schema';
import { asActor } from '../../lib/audit';
import { multipart } from '../../testing/multipart';
import { createTestApp, type TestContext } from '../../testing/test-app';

/**
 * Every table holding records names who changed it and from which device (the write routes' transaction sets
 * the actor), and none of its history can be changed afterwards.
 */
let t: TestContext;
let valveId: number;
const DEVICE = 'Galaxy XCover 7 / Chrome 131';
const idOf = async (email: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  const [v] = await t.db.select({ id: valves.id }).from(valves).where(eq(valves.valveId, 'V-002-GV'));
  valveId = v.id;
}, 120_000);
afterAll(() => t.close());

/** A write as a persona from the test device. */
const write = async (
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload: unknown,
  as: 'engineer' | 'admin' | 'supervisor',
) =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { cookie: await t.cookie(as), 'user-agent': DEVICE },
  });

/** The newest audit row of a table's row. */
async function lastChange(table: string, rowId: number) {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tableName, table), eq(auditLog.rowId, String(rowId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

/** UPDATE and DELETE of a table's history are refused whoever asks. */
async function expectUntouchable(table: string) {
  for (const statement of [
    sql`update audit_log set user_id = null where table_name = ${table}`,
    sql`delete from audit_log where table_name = ${table}`,
  ]) {
    const outcome = await t.db.execute(statement).then(
      () => 'allowed',
      (error: Error) => (error.cause as Error | undefined)?.message ?? error.message,
    );
    expect(outcome).toMatch(/append-only: (UPDATE|DELETE) is refused/);
  }
}

describe('the audit trail names the actor and device on every table of records', () => {
  it('valves', async () => {
    const res = await write('PATCH', `/api/valves/${valveId}`, { location: 'Pipe rack 9', version: 1 }, 'engineer');
    expect(res.statusCode).toBe(200);
    const change = await lastChange('valves', valveId);
    expect(change).toEqual(
      expect.objectContaining({ action: 'update', userId: await idOf('engineer@northfield.example'), device: DEVICE }),
    );
    expect(change.changes).toEqual(
      expect.objectContaining({ location: expect.objectContaining({ new: 'Pipe rack 9' }) }),
    );
    await expectUntouchable('valves');
  });

  it('a write with an Idempotency-Key (its claim sets the actor in the same statement) names them too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/work-orders',
      payload: { valveId, title: 'Audit of a keyed write', priority: 'low' },
      headers: { cookie: await t.cookie('supervisor'), 'user-agent': DEVICE, 'idempotency-key': 'audit-keyed-write-1' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const change = await lastChange('work_orders', res.json().id);
    expect(change).toEqual(
      expect.objectContaining({
        action: 'insert',
        userId: await idOf('supervisor@northfield.example'),
        device: DEVICE,
      }),
    );
  });

  it('plants: a rename names the admin who made it', async () => {
    const [plant] = (await t.get('/api/plants', 'admin')).json();
    const res = await write('PATCH', `/api/plants/${plant.id}`, { code: 'CPC' }, 'admin');
    expect(res.statusCode).toBe(200);
    const change = await lastChange('plants', plant.id);
    expect(change).toEqual(
      expect.objectContaining({ action: 'update', userId: await idOf('admin@northfield.example'), device: DEVICE }),
    );
    expect(change.changes).toEqual(expect.objectContaining({ code: expect.objectContaining({ new: 'CPC' }) }));
    await expectUntouchable('plants');
  });

  it('users', async () => {
    const grace = await idOf('grace.lindqvist@northfield.example');
    const [{ version }] = await t.db.select({ version: users.version }).from(users).where(eq(users.id, grace));
    const res = await write('PATCH', `/api/users/${grace}`, { role: 'supervisor', version }, 'admin');
    expect(res.statusCode).toBe(200);
    const change = await lastChange('users', grace);
    expect(change).toEqual(
      expect.objectContaining({ action: 'update', userId: await idOf('admin@northfield.example'), device: DEVICE }),
    );
    await expectUntouchable('users');
  });

  it('users: an invited person choosing their password is named as the one who changed their account', async () => {
    const invited = await write(
      'POST',
      '/api/users',
      { name: 'Noor Hale', email: 'noor.hale@northfield.example', role: 'technician' },
      'admin',
    );
    const token = new URL(invited.json().inviteUrl).searchParams.get('token');
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invite',
      payload: { token, password: 'noor-at-the-valve' },
      headers: { 'user-agent': DEVICE },
    });
    expect(accepted.statusCode).toBe(200);
    const id = accepted.json().user.id;
    expect(await lastChange('users', id)).toEqual(
      expect.objectContaining({ action: 'update', userId: id, device: DEVICE }),
    );
  });

  it('maintenance plans: added, changed and removed, each on the History tab (and as CSV) while it exists', async () => {
    const created = await write(
      'POST',
      '/api/maintenance-plans',
      {
        title: 'Annual seat inspection',
        target: { valveId },
        trigger: { kind: 'calendar', every: { count: 1, unit: 'year' }, startDate: '2027-06-01' },
        timeZone: 'America/Chicago',
      },
      'supervisor',
    );
    expect(created.statusCode).toBe(201);
    const plan = created.json();
    const supervisor = await idOf('supervisor@northfield.example');
    await write(
      'PATCH',
      `/api/maintenance-plans/${plan.id}`,
      { priority: 'high', version: plan.version },
      'supervisor',
    );
    const history = (await t.get(`/api/history/maintenance-plans/${plan.id}`)).json();
    expect(
      history.map((e: { action: string; userName: string; device: string }) => [e.action, e.userName, e.device]),
    ).toEqual([
      ['insert', 'James Okafor', DEVICE],
      ['update', 'James Okafor', DEVICE],
    ]);
    expect(history[1].changes).toEqual([
      { field: 'priority', from: 'medium', to: 'high', label: 'Priority', fromText: 'medium', toText: 'high' },
    ]);
    const csv = await t.get(`/api/history/maintenance-plans/${plan.id}?format=csv`);
    expect(csv.body).toContain(',Maintenance plan,changed,Priority,medium,high');
    expect((await t.get(`/api/history/maintenance-plans/${plan.id}`, 'otherOrganization')).statusCode).toBe(404);
    expect((await write('DELETE', `/api/maintenance-plans/${plan.id}`, undefined, 'supervisor')).statusCode).toBe(204);
    expect(await lastChange('maintenance_plans', plan.id)).toEqual(
      expect.objectContaining({ action: 'delete', userId: supervisor, device: DEVICE }),
    );
    const [{ plant }] = await t.db.select({ plant: valves.plant }).from(valves).where(eq(valves.id, valveId));
    const limitedSees = plant === 'Power Plant A';
    // Who deleted it stays readable to those who could read the plan, and to nobody else.
    const after = (await t.get(`/api/history/maintenance-plans/${plan.id}`)).json();
    expect(after.map((e: { action: string }) => e.action)).toEqual(['insert', 'update', 'delete']);
    expect((await t.get(`/api/history/maintenance-plans/${plan.id}`, 'otherOrganization')).statusCode).toBe(404);
    expect((await t.get(`/api/history/maintenance-plans/${plan.id}`, 'limited')).statusCode).toBe(
      limitedSees ? 200 : 404,
    );
    expect((await t.get('/api/history/maintenance-plans/999999')).statusCode).toBe(404);
    await expectUntouchable('maintenance_plans');
  });

  it('procedures and their versions', async () => {
    const body = { name: 'Seat leak test', steps: [{ key: 'leak', type: 'check', label: 'Seat holds' }] };
    const created = await write('POST', '/api/procedures', body, 'engineer');
    expect(created.statusCode).toBe(201);
    const { procedureId } = created.json();
    const revised = await write('PUT', `/api/procedures/${procedureId}`, { ...body, signOff: ['approve'] }, 'engineer');
    expect(revised.statusCode).toBe(200);
    const history = (await t.get(`/api/history/procedures/${procedureId}`)).json();
    const tables = history.map((e: { table: string; action: string; userName: string }) => [
      e.table,
      e.action,
      e.userName,
    ]);
    expect(tables).toEqual(
      expect.arrayContaining([
        ['procedures', 'insert', 'Priya Raman'],
        ['procedure_versions', 'insert', 'Priya Raman'],
        ['procedures', 'update', 'Priya Raman'],
      ]),
    );
    await expectUntouchable('procedure_versions');
  });

  it('relief valve tests', async () => {
    const [test] = await t.db.select({ id: reliefTests.id }).from(reliefTests).limit(1);
    const engineer = await idOf('engineer@northfield.example');
    await asActor(t.db, { userId: engineer, device: DEVICE }, (tx: Database) =>
      tx.update(reliefTests).set({ place: 'in place' }).where(eq(reliefTests.id, test.id)),
    );
    expect(await lastChange('relief_tests', test.id)).toEqual(
      expect.objectContaining({ action: 'update', userId: engineer, device: DEVICE }),
    );
    const history = (await t.get(`/api/history/relief-tests/${test.id}`)).json();
    expect(history.at(-1).userName).toBe('Priya Raman');
    expect((await t.get('/api/history/relief-tests/2147483647')).statusCode).toBe(404);
    // A plant-limited user reads the tests of their plants' tags only.
    const [inPlantA] = await t.db
      .select({ id: reliefTests.id })
      .from(reliefTests)
      .innerJoin(reliefTags, eq(reliefTags.id, reliefTests.tagId))
      .where(eq(reliefTags.plant, 'Power Plant A'))
      .limit(1);
    const [elsewhere] = await t.db
      .select({ id: reliefTests.id })
      .from(reliefTests)
      .innerJoin(reliefTags, eq(reliefTags.id, reliefTests.tagId))
      .where(ne(reliefTags.plant, 'Power Plant A'))
      .limit(1);
    expect((await t.get(`/api/history/relief-tests/${inPlantA.id}`, 'limited')).statusCode).toBe(200);
    expect((await t.get(`/api/history/relief-tests/${elsewhere.id}`, 'limited')).statusCode).toBe(404);
    await expectUntouchable('relief_tests');
  });

  it('photos and valve documents, uploaded and deleted', async () => {
    const engineer = await idOf('engineer@northfield.example');
    const upload = async (url: string, body: ReturnType<typeof multipart>) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { cookie: await t.cookie('engineer'), 'content-type': body.contentType, 'user-agent': DEVICE },
      });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const photo = await upload(
      '/api/photos',
      multipart({ valveId: String(valveId) }, { name: 'gland.png', type: 'image/png', bytes: png }, 'photo'),
    );
    const document = await upload(
      `/api/valves/${valveId}/documents`,
      multipart({ kind: 'manual' }, { name: 'iom.pdf', type: 'application/pdf', bytes: pdf }, 'file'),
    );
    expect([photo.statusCode, document.statusCode]).toEqual([201, 201]);
    for (const [table, url, id] of [
      ['photos', '/api/photos', photo.json().id],
      ['valve_documents', '/api/documents', document.json().id],
    ] as const) {
      expect(await lastChange(table, id), table).toEqual(
        expect.objectContaining({ action: 'insert', userId: engineer, device: DEVICE }),
      );
      expect((await write('DELETE', `${url}/${id}`, { reason: 'Wrong valve' }, 'engineer')).statusCode).toBe(204);
      expect(await lastChange(table, id), table).toEqual(
        expect.objectContaining({ action: 'update', userId: engineer, device: DEVICE }),
      );
      await expectUntouchable(table);
    }
  });
});
