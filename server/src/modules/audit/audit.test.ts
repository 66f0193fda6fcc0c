import { type HistoryEntry, historyEntry } from '@common/schemas/audit';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users, valves } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

let t: TestContext;
let valveId: number;
beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  const [v] = await t.db.select({ id: valves.id }).from(valves).where(eq(valves.valveId, 'V-002-GV'));
  valveId = v.id;
});
afterAll(() => t.close());

/** The database's own message for a refused statement (drizzle wraps it as the cause); 'allowed' if it ran. */
const refusal = (query: SQL) =>
  t.db.execute(query).then(
    () => 'allowed',
    (error: Error) => (error.cause as Error | undefined)?.message ?? error.message,
  );

describe('the audit trail', () => {
  it('keeps who changed which field of a work order from what to what, and from which device', async () => {
    const order = (await send(t, 'POST', '/api/work-orders', { valveId, title: 'Repack gland' })).json();
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/work-orders/${order.id}`,
      payload: { title: 'Repack gland, stem side', priority: 'high', version: 1 },
      headers: { cookie: await t.cookie('technician'), 'user-agent': 'Pixel 7 / Chrome 131' },
    });
    expect(edit.statusCode).toBe(200);
    const history: HistoryEntry[] = (await t.get(`/api/history/work-orders/${order.id}`))
      .json()
      .map((e: unknown) => historyEntry.parse(e));
    expect(history.map((e) => e.action)).toEqual(['insert', 'update']);
    expect(history[0].userName).toBe('James Okafor');
    expect(history[1]).toEqual(
      expect.objectContaining({ userName: 'Maria Santos', device: 'Pixel 7 / Chrome 131', table: 'work_orders' }),
    );
    expect(history[1].changes).toHaveLength(2);
    expect(history[1].changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'title', from: 'Repack gland', to: 'Repack gland, stem side' }),
        expect.objectContaining({ field: 'priority', from: 'medium', to: 'high' }),
      ]),
    );

    // The auditor's CSV is in words; the raw log is the admins' export.
    const csv = await t.get(`/api/history/work-orders/${order.id}?format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('When,Who,Device,Record,Action,Field,From,To');
    expect(
      lines.some((l) =>
        /,Maria Santos,Pixel 7 \/ Chrome 131,Work order,changed,Title,Repack gland,"Repack gland, stem side"$/.test(l),
      ),
    ).toBe(true);
    expect((await t.get(`/api/history/work-orders/${order.id}?format=raw`)).statusCode).toBe(403);
    const raw = (await t.get(`/api/history/work-orders/${order.id}?format=raw`, 'admin')).body.split('\r\n');
    expect(raw[0]).toBe('changed_at,user,device,table,row_id,action,field,from,to');
    expect(raw.some((l) => l.endsWith(',update,title,Repack gland,"Repack gland, stem side"'))).toBe(true);
  });

  it("writes the history for a reader: names, labels, the plant's time, the device in words", async () => {
    const [technician] = await t.db.select().from(users).where(eq(users.email, 'technician@northfield.example'));
    const order = (await send(t, 'POST', '/api/work-orders', { valveId, title: 'Check stem' })).json();
    const phone =
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/work-orders/${order.id}`,
      payload: { assignedToUserId: technician.id, dueDate: '2026-12-01', version: 1 },
      headers: { cookie: await t.cookie('supervisor'), 'user-agent': phone },
    });
    expect(edit.statusCode).toBe(200);
    const [, update] = (await t.get(`/api/history/work-orders/${order.id}`))
      .json()
      .map((e: unknown) => historyEntry.parse(e));
    expect(update).toEqual(
      expect.objectContaining({
        who: 'James Okafor',
        deviceName: 'Chrome 131 on Android 14 (phone)',
        record: 'Work order',
      }),
    );
    // V-002-GV is at Power Plant A: Chicago time, named.
    expect(update.when).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} C[SD]T$/);
    expect(update.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: 'Assigned to', fromText: '(none)', toText: 'Maria Santos' }),
        expect.objectContaining({ label: 'Due date', fromText: '(none)', toText: '2026-12-01 23:59 CST' }),
      ]),
    );
  });

  it('keeps the whole of a long history: 2,005 changes page newest first, and the CSV holds every one', async () => {
    const [valve] = await t.db.select({ id: valves.id }).from(valves).where(eq(valves.valveId, 'V-003-CV'));
    await t.db.execute(
      sql`do $$ begin for i in 1..2005 loop update valves set location = 'Bay ' || i where id = ${sql.raw(String(valve.id))}; end loop; end $$`,
    );
    const first = (await t.get(`/api/history/valves/${valve.id}?order=newest&limit=50`)).json();
    expect(first).toHaveLength(50);
    expect(first[0].changes).toContainEqual(
      expect.objectContaining({ field: 'location', from: 'Bay 2004', to: 'Bay 2005', label: 'Location' }),
    );
    const next = (await t.get(`/api/history/valves/${valve.id}?order=newest&limit=50&before=${first[49].id}`)).json();
    expect(next[0].id).toBeLessThan(first[49].id);
    expect(next[0].changes).toContainEqual(
      expect.objectContaining({ field: 'location', from: 'Bay 1954', to: 'Bay 1955' }),
    );
    const all = (await t.get(`/api/history/valves/${valve.id}`)).json();
    expect(all.length).toBeGreaterThan(2005);
    expect(all.at(-1).changes).toContainEqual(
      expect.objectContaining({ field: 'location', from: 'Bay 2004', to: 'Bay 2005' }),
    );
    const csv = (await t.get(`/api/history/valves/${valve.id}?format=csv`)).body.split('\r\n');
    expect(csv[0]).toBe('When,Who,Device,Record,Action,Field,From,To');
    expect(csv.filter((line) => line.includes(',Valve,changed,Location,'))).toHaveLength(2005);
    expect(csv.filter((line) => line.endsWith(',Valve,changed,Location,Bay 2004,Bay 2005'))).toHaveLength(1);
    const raw = (await t.get(`/api/history/valves/${valve.id}?format=raw`, 'admin')).body.split('\r\n');
    expect(raw.filter((line) => line.includes(',update,location,'))).toHaveLength(2005);
  });

  it('refuses a page it cannot read with 400, naming the parameter', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['limit=ten', 'limit'],
      ['before=-3', 'before'],
      ['order=sideways', 'order'],
    ]) {
      const res = await t.get(`/api/history/valves/${valveId}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(field);
    }
  });

  it('never copies a password hash into the history', async () => {
    await t.db.update(users).set({ passwordHash: 'new-hash' }).where(eq(users.email, 'engineer@northfield.example'));
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.tableName, 'users'))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(row.changes).toEqual({ password_hash: { old: '(secret)', new: '(changed)' } });
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the history, whoever asks', async () => {
    const [before] = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(await refusal(sql`update audit_log set user_id = null`)).toMatch(/append-only: UPDATE is refused/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only: DELETE is refused/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only: TRUNCATE is refused/);
    const [after] = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(after.n).toBe(before.n);
  });

  it('shows a valve its own history; bad input is 400, another organization 404', async () => {
    await send(
      t,
      'PATCH',
      `/api/valves/${valveId}`,
      { location: 'Pipe rack 4, level 2', version: 1 },
      { as: 'engineer' },
    );
    const history = (await t.get(`/api/history/valves/${valveId}`)).json();
    expect(history.at(-1).changes.map((c: { field: string }) => c.field)).toContain('location');
    expect((await t.get(`/api/history/valves/${valveId}`, 'otherOrganization')).statusCode).toBe(404);
    expect((await t.get(`/api/history/valves/${valveId}`, null)).statusCode).toBe(401);
    expect((await t.get('/api/history/pumps/1')).json().message).toBe(
      'Invalid params: entity must be valves, work-orders, procedures, maintenance-plans, relief-tests, parts or alarms',
    );
    expect((await t.get(`/api/history/valves/${valveId}?format=xml`)).statusCode).toBe(400);
  });
});
