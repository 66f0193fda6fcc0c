import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../testing/test-app';
import { grantToServerRole, roleOfUrl } from './roles';

/**
 * The server's role owns nothing (issue 27 item 4): as the tables' owner, the trail's append-only triggers could be
 * switched off and a row rewritten; as the server's role, neither. Both engines know roles: PGlite runs as its
 * superuser, and `set local role` takes the server's role for one transaction.
 */
const ROLE = 'valveops_server_test';
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 6 });
  // Roles belong to the whole PostgreSQL cluster: test files running at once may both make it.
  await t.db.execute(
    sql`do $$ begin create role ${sql.raw(ROLE)} nologin; exception when duplicate_object then null; end $$`,
  );
  await grantToServerRole(t.db, ROLE);
});
afterAll(() => t.close());

/** 'allowed', or the database's message, for a statement run as the server's role. */
const asServer = (statement: SQL) =>
  t.db
    .transaction(async (tx) => {
      await tx.execute(sql`set local role ${sql.identifier(ROLE)}`);
      await tx.execute(statement);
    })
    .then(
      () => 'allowed',
      (error: Error) => (error.cause as Error | undefined)?.message ?? error.message,
    );

describe("the server's database role", () => {
  it('reads and writes the records', async () => {
    expect(await asServer(sql`select count(*) from valves`)).toBe('allowed');
    expect(await asServer(sql`update valves set location = location || '' where id = 1`)).toBe('allowed');
  });

  it('cannot switch the history’s triggers off, drop them, or change or remove a row', async () => {
    expect(await asServer(sql`alter table audit_log disable trigger user`)).toMatch(/must be (the )?owner/);
    expect(await asServer(sql`drop trigger signatures_append_only on signatures`)).toMatch(/must be (the )?owner/);
    expect(await asServer(sql`delete from audit_log`)).toMatch(/permission denied/);
    expect(await asServer(sql`update signatures set printed_name = 'Forged'`)).toMatch(/permission denied/);
    expect(await asServer(sql`delete from audit_seals`)).toMatch(/permission denied/);
    expect(await asServer(sql`update part_movements set quantity = 1000`)).toMatch(/permission denied/);
  });

  it('makes and drops the readings’ monthly partitions through the owner’s functions only', async () => {
    for (const table of ['sensor_readings', 'channel_readings']) {
      expect(await asServer(sql`select readings_make_partitions(${table}, 0, '2040-01-15T00:00:00Z')`)).toBe('allowed');
      expect(await asServer(sql`select readings_drop_rolled_up(${table}, '2040-03-01T00:00:00Z', 3600000)`)).toBe(
        'allowed',
      );
    }
    // Run as the owner, they touch the two readings tables only.
    expect(await asServer(sql`select readings_make_partitions('audit_log', 0)`)).toMatch(/not a readings table/);
    expect(await asServer(sql`select readings_drop_rolled_up('valves', now(), 1)`)).toMatch(/not a readings table/);
    expect(
      await asServer(sql`create table sensor_readings_2041_01 partition of sensor_readings
        for values from ('2041-01-01T00:00:00Z') to ('2041-02-01T00:00:00Z')`),
    ).toMatch(/must be (the )?owner|permission denied/);
    expect(await asServer(sql`drop table sensor_readings_default`)).toMatch(/must be (the )?owner/);
    expect(await asServer(sql`drop table channel_readings_default`)).toMatch(/must be (the )?owner/);
  });

  it('takes its role from DATABASE_URL, and only a plain name', () => {
    expect(roleOfUrl('postgres://valveops_app:secret@db.internal:5432/valveops')).toBe('valveops_app');
    expect(() => roleOfUrl('postgres://app%22%3B%20drop@db/valveops')).toThrow(/plain name/);
  });
});
