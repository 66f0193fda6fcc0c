import { VALVE_TAG_MESSAGE } from '@common/constants';
import { valveDetail } from '@common/schemas/valves';
import { TEXTS } from '@common/texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valves } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
});
afterAll(() => t.close());

const newValve = {
  valveId: 'v-500-bv',
  type: 'Ball Valve',
  size: '4"',
  pressure: 'Class 300 (740 PSI)',
  plant: 'Gas Plant B',
  location: 'Compressor Hall, Line 210',
  system: 'Fuel Gas',
  manufacturer: 'Emerson Fisher',
  model: 'V150 Vee-Ball',
  maintenanceIntervalDays: 90,
  operatingManual: 'OPERATING MANUAL:\n1. Open slowly.\n'.repeat(200),
};

describe('POST /api/valves', () => {
  it('adds a valve (tag upper-cased, next maintenance from the interval) for an engineer', async () => {
    const res = await send(t, 'POST', '/api/valves', newValve, { as: 'engineer' });
    expect(res.statusCode).toBe(201);
    const valve = valveDetail.parse(res.json());
    expect(valve).toEqual(
      expect.objectContaining({ valveId: 'V-500-BV', status: 'active', maintenanceIntervalDays: 90 }),
    );
    const expected = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    expect(valve.nextMaintenance).toBe(expected);
    expect(valve.operatingManual?.length).toBeGreaterThan(5000);
    expect((await t.get('/api/valves/valve-id/V-500-BV')).statusCode).toBe(200);
    const feed = (await t.get('/api/dashboard/activities')).json();
    expect(feed[0]).toEqual(expect.objectContaining({ type: 'valve_added', entityId: valve.id }));
  });

  it('refuses a tag already used in the organization, but another organization may use it', async () => {
    const dup = await send(t, 'POST', '/api/valves', { ...newValve, valveId: 'V-001-BV' }, { as: 'engineer' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A valve with ID V-001-BV already exists.');
    const theirs = await send(
      t,
      'POST',
      '/api/valves',
      { ...newValve, valveId: 'V-500-BV' },
      { as: 'otherOrganization' },
    );
    expect(theirs.statusCode).toBe(201);
  });

  it.each([
    [{ valveId: 'FCV 101' }, `valveId ${VALVE_TAG_MESSAGE}`],
    [{ valveId: 'X'.repeat(41) }, `valveId ${VALVE_TAG_MESSAGE}`],
    [{ valveId: undefined }, 'valveId is required'],
    [{ type: 'Bogus Valve' }, 'type must be one of: Ball Valve, Gate Valve'],
    [{ plant: 'Moon Base' }, 'plant must be one of: Chemical Plant C, Gas Plant B, Nuclear Plant D, Power Plant A'],
    [{ size: '' }, 'size is required'],
    [{ maintenanceIntervalDays: 0 }, 'maintenanceIntervalDays must be at least 1 day'],
    [{ maintenanceIntervalDays: 'often' }, 'maintenanceIntervalDays must be a number of days'],
    [{ nextMaintenance: '31/12/2026' }, 'nextMaintenance must be a date (YYYY-MM-DD)'],
    [{ status: 'decommissioned' }, 'status must be active or maintenance'],
    [{ safetyProtocol: 'x'.repeat(100_001) }, 'safetyProtocol must be at most 100000 characters'],
    [{ valveId: 'V-902-GV' }, 'type does not match the ID: V-902-GV ends in GV, the code of a gate valve'],
  ])('refuses %j with 400', async (change, message) => {
    const res = await send(
      t,
      'POST',
      '/api/valves',
      { ...newValve, valveId: 'V-600-BV', ...change },
      { as: 'engineer' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('takes a tag whose code says nothing of the type, and refuses a type change that contradicts the tag', async () => {
    const odd = await send(t, 'POST', '/api/valves', { ...newValve, valveId: 'V-601-XX' }, { as: 'engineer' });
    expect(odd.statusCode).toBe(201);
    const [gate] = await t.db.select().from(valves).where(eq(valves.valveId, 'V-002-GV'));
    const res = await send(
      t,
      'PATCH',
      `/api/valves/${gate.id}`,
      { version: gate.version, type: 'Ball Valve' },
      {
        as: 'engineer',
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'type', message: 'does not match the ID: V-002-GV ends in GV, the code of a gate valve' },
    ]);
  });

  it('is refused to a technician (403) and to a plant-limited user outside their plant', async () => {
    expect((await send(t, 'POST', '/api/valves', newValve, { as: 'technician' })).statusCode).toBe(403);
  });
});

describe('PATCH /api/valves/:id and decommissioning', () => {
  it('edits with the current version; a stale version gets 409 with the current valve', async () => {
    const valve = (await t.get('/api/valves/valve-id/V-500-BV')).json();
    const current = (await t.get(`/api/valves/${valve.id}`)).json();
    const res = await send(
      t,
      'PATCH',
      `/api/valves/${valve.id}`,
      { version: current.version, location: 'Compressor Hall, Line 212', safetyProtocol: 'SAFETY:\n• Lock out' },
      { as: 'engineer' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.objectContaining({ location: 'Compressor Hall, Line 212', version: current.version + 1 }),
    );
    const stale = await send(
      t,
      'PATCH',
      `/api/valves/${valve.id}`,
      { version: current.version, location: 'Elsewhere' },
      { as: 'engineer' },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.location).toBe('Compressor Hall, Line 212');
  });

  it('keeps a criticality A, B or C (B when not given), and refuses any other', async () => {
    const valve = (await t.get('/api/valves/valve-id/V-500-BV')).json();
    const current = valveDetail.parse((await t.get(`/api/valves/${valve.id}`)).json());
    expect(current.criticality).toBe('B');
    const bad = await send(
      t,
      'PATCH',
      `/api/valves/${valve.id}`,
      { version: current.version, criticality: 'D' },
      { as: 'engineer' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('must be A, B or C');
    const res = await send(
      t,
      'PATCH',
      `/api/valves/${valve.id}`,
      { version: current.version, criticality: 'A' },
      { as: 'engineer' },
    );
    expect(res.statusCode).toBe(200);
    expect(valveDetail.parse(res.json()).criticality).toBe('A');
  });

  it('decommissions a valve without open work, refusing one with open work orders', async () => {
    expect((await send(t, 'POST', '/api/work-orders', { valveId: 1, title: 'Open job' })).statusCode).toBe(201);
    const busy = (await t.get('/api/valves/1')).json();
    const refused = await send(
      t,
      'POST',
      `/api/valves/1/decommission`,
      { version: busy.version, reason: 'Replaced' },
      { as: 'engineer' },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^Valve V-001-BV has \d+ open work orders?: complete them before decommissioning\.$/,
    );
    const valve = (await t.get('/api/valves/valve-id/V-500-BV')).json();
    const current = (await t.get(`/api/valves/${valve.id}`)).json();
    const res = await send(
      t,
      'POST',
      `/api/valves/${valve.id}/decommission`,
      { version: current.version, reason: 'Line removed' },
      { as: 'engineer' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.objectContaining({ status: 'decommissioned', nextMaintenance: null }));
    const order = await send(t, 'POST', '/api/work-orders', { valveId: valve.id, title: 'Too late' });
    expect(order.statusCode).toBe(409);
    const edit = await send(
      t,
      'PATCH',
      `/api/valves/${valve.id}`,
      { version: res.json().version, location: 'x' },
      { as: 'engineer' },
    );
    expect(edit.statusCode).toBe(409);
  });

  it.each([
    ['abc', { version: 1 }, 400, 'id must be a number'],
    ['1', { location: 'x' }, 400, 'version is required'],
    ['999999', { version: 1, location: 'x' }, 404, TEXTS.valves.notFound],
    ['1', { version: 1, status: 'decommissioned' }, 400, 'decommission has its own action'],
  ])('PATCH /api/valves/%s %j → %i', async (id, body, status, message) => {
    const res = await send(t, 'PATCH', `/api/valves/${id}`, body, { as: 'engineer' });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
  });

  it('hides another organization’s valve: 404', async () => {
    const [theirs] = await t.db.select().from(valves).where(eq(valves.organizationId, 2)).limit(1);
    const res = await send(
      t,
      'PATCH',
      `/api/valves/${theirs.id}`,
      { version: theirs.version, location: 'x' },
      { as: 'engineer' },
    );
    expect(res.statusCode).toBe(404);
    const decommission = await send(
      t,
      'POST',
      `/api/valves/${theirs.id}/decommission`,
      { version: 1, reason: 'x' },
      { as: 'engineer' },
    );
    expect(decommission.statusCode).toBe(404);
  });
});

describe('POST /api/maintenance-records', () => {
  it('records an inspection that counts for today', async () => {
    const before = (await t.get('/api/dashboard/stats')).json().inspectionsToday;
    const res = await send(
      t,
      'POST',
      '/api/maintenance-records',
      { valveId: 2, type: 'inspection', description: 'Rounds', findings: 'Dry' },
      { as: 'technician' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(expect.objectContaining({ type: 'inspection', valveId: 2, findings: 'Dry' }));
    expect((await t.get('/api/dashboard/stats')).json().inspectionsToday).toBe(before + 1);
  });

  it.each([
    [{ valveId: 2, type: 'party', description: 'x' }, 400, 'type must be one of'],
    [{ valveId: 2, type: 'note' }, 400, 'description is required'],
    [{ type: 'note', description: 'x' }, 400, 'valveId'],
    [{ valveId: 424242, type: 'note', description: 'x' }, 404, TEXTS.valves.notFound],
  ])('refuses %j with %i', async (body, status, message) => {
    const res = await send(t, 'POST', '/api/maintenance-records', body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
  });
});
