import { DEMO_PLANTS, FILTER_VALVE_TYPES, STANDARD_VALVE_TYPES } from '@common/constants';
import { plant as plantSchema, valveType as valveTypeSchema } from '@common/schemas/plants';
import { valveDetail } from '@common/schemas/valves';
import { and, eq } from 'drizzle-orm';
import type { Response as InjectResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, valves } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
}, 120_000);
afterAll(() => t.close());

const asAdmin = { as: 'admin' } as const;
const plantsOf = async (cookie?: string) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/plants', headers: { cookie: cookie ?? (await t.cookie('admin')) } })
  ).json() as { id: number; name: string; timeZone: string; retired: boolean; valves: number }[];

const newValve = (over: Record<string, unknown> = {}) => ({
  valveId: 'FCV-101A',
  type: 'Butterfly Valve',
  size: '6 in',
  pressure: 'ASME 300',
  plant: 'Bayside North',
  location: 'Crude unit, pump P-101 discharge',
  system: 'Crude charge',
  manufacturer: 'Emerson Fisher',
  model: '8580',
  ...over,
});

describe('GET /api/plants', () => {
  it("lists the demo organization's four plants with their zones, units and valve counts, for any role", async () => {
    const res = await t.get('/api/plants', 'technician');
    expect(res.statusCode).toBe(200);
    const list = res.json().map((p: unknown) => plantSchema.parse(p));
    expect(list.map((p: { name: string }) => p.name)).toEqual([...DEMO_PLANTS].sort());
    expect(list.find((p: { name: string }) => p.name === 'Power Plant A')).toMatchObject({
      timeZone: 'America/Chicago',
      units: { pressure: 'psi', temperature: '°F', size: 'in' },
      retired: false,
    });
    expect(list.reduce((n: number, p: { valves: number }) => n + p.valves, 0)).toBe(12);
  });

  it('answers 401 signed out', async () => {
    expect((await t.get('/api/plants', null)).statusCode).toBe(401);
  });
});

describe('POST /api/plants and PATCH /api/plants/:id', () => {
  let north: { id: number };

  it('adds a plant as admin, with its zone, units and code', async () => {
    const res = await send(
      t,
      'POST',
      '/api/plants',
      {
        name: 'Bayside North',
        timeZone: 'Europe/Berlin',
        units: { pressure: 'bar', temperature: '°C', size: 'DN' },
        code: 'bn',
        siteName: 'Bayside Refinery',
        address: 'Hafenstraße 1, Hamburg',
      },
      asAdmin,
    );
    expect(res.statusCode).toBe(201);
    north = plantSchema.parse(res.json());
    expect(north).toMatchObject({
      name: 'Bayside North',
      timeZone: 'Europe/Berlin',
      units: { pressure: 'bar', temperature: '°C', size: 'DN' },
      code: 'BN',
      retired: false,
      valves: 0,
    });
  });

  it.each(['supervisor', 'engineer', 'technician'] as const)('refuses a %s with 403', async (persona) => {
    const res = await send(t, 'POST', '/api/plants', { name: 'Elsewhere', timeZone: 'UTC' }, { as: persona });
    expect(res.statusCode).toBe(403);
    const patch = await send(t, 'PATCH', `/api/plants/${north.id}`, { name: 'Elsewhere' }, { as: persona });
    expect(patch.statusCode).toBe(403);
  });

  it.each([
    [{ timeZone: 'UTC' }, 'name is required'],
    [{ name: '', timeZone: 'UTC' }, 'name is required'],
    [{ name: 'A, B', timeZone: 'UTC' }, 'name must not contain a comma'],
    [{ name: 'Mill\u0000 2', timeZone: 'UTC' }, 'name must not contain NUL bytes or unpaired surrogates'],
    [{ name: 7, timeZone: 'UTC' }, 'name must be text'],
    [{ name: 'x'.repeat(81), timeZone: 'UTC' }, 'name must be at most 80 characters'],
    [{ name: 'Somewhere' }, 'timeZone is required'],
    [{ name: 'Somewhere', timeZone: 'Mars/Olympus' }, 'timeZone must be an IANA time zone'],
    [{ name: 'Somewhere', timeZone: 'UTC', units: { pressure: 'kPa' } }, 'units.pressure must be one of: psi, bar'],
    [{ name: 'Somewhere', timeZone: 'UTC', code: 'TOO LONG CODE' }, 'code must be 1 to 10 letters, digits or -'],
    [{ name: 'Somewhere', timeZone: 'UTC', address: 7 }, 'address must be text'],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const res = await send(t, 'POST', '/api/plants', body, asAdmin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('refuses a name the organization already has, in any case, with 409', async () => {
    const res = await send(t, 'POST', '/api/plants', { name: 'power plant a', timeZone: 'UTC' }, asAdmin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A plant named power plant a already exists in your organization.');
  });

  it('takes a valve in the new plant, of a type of the catalog, with a plant tag kept as written', async () => {
    const res = await send(t, 'POST', '/api/valves', newValve(), { as: 'engineer' });
    expect(res.statusCode).toBe(201);
    const valve = valveDetail.parse(res.json());
    expect(valve).toMatchObject({
      valveId: 'FCV-101A',
      plant: 'Bayside North',
      plantId: north.id,
      type: 'Butterfly Valve',
    });
    // The scanner and search take the tag in any case; a second valve with it in another case is the same tag.
    expect((await t.get('/api/valves/valve-id/fcv-101a')).json()).toMatchObject({ id: valve.id, plantId: north.id });
    const again = await send(t, 'POST', '/api/valves', newValve({ valveId: 'fcv-101a' }), { as: 'engineer' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A valve with ID FCV-101A already exists.');
    for (const tag of ['HV-2301', '10-XV-001', 'PSV-1075/A', 'V-001.2']) {
      const other = await send(t, 'POST', '/api/valves', newValve({ valveId: tag }), { as: 'engineer' });
      expect(other.statusCode, tag).toBe(201);
    }
    const list = await t.get('/api/valves?plant=Bayside%20North');
    expect(list.json().map((v: { valveId: string }) => v.valveId)).toEqual([
      'FCV-101A',
      'HV-2301',
      '10-XV-001',
      'PSV-1075/A',
      'V-001.2',
    ]);
    expect((await t.get('/api/valves/valve-id/PSV-1075%2FA')).statusCode).toBe(200);
  });

  it("refuses a plant that is not the organization's with 400 listing its plants", async () => {
    const res = await send(t, 'POST', '/api/valves', newValve({ valveId: 'FCV-102', plant: 'Moon Base' }), {
      as: 'engineer',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      {
        path: 'plant',
        message: 'must be one of: Bayside North, Chemical Plant C, Gas Plant B, Nuclear Plant D, Power Plant A',
      },
    ]);
    const filter = await t.get('/api/valves?plant=Moon%20Base');
    expect(filter.statusCode).toBe(400);
    expect(filter.json().message).toContain('Invalid query: plant must be one of: Bayside North');
  });

  it('renames a plant: its valves and their history follow the new name', async () => {
    const res = await send(t, 'PATCH', `/api/plants/${north.id}`, { name: 'Bayside North Refinery' }, asAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Bayside North Refinery', timeZone: 'Europe/Berlin', valves: 5 });
    const moved = await t.db.select({ plant: valves.plant }).from(valves).where(eq(valves.valveId, 'FCV-101A'));
    expect(moved).toEqual([{ plant: 'Bayside North Refinery' }]);
    const events = await t.db
      .select({ plant: activities.plant })
      .from(activities)
      .where(and(eq(activities.organizationId, 1), eq(activities.type, 'valve_added')));
    expect(events.some((e) => e.plant === 'Bayside North')).toBe(false);
    expect(events.some((e) => e.plant === 'Bayside North Refinery')).toBe(true);
    expect((await t.get('/api/valves?plant=Bayside%20North%20Refinery')).json()).toHaveLength(5);
  });

  it('refuses a rename onto another plant’s name (409), an empty change (400) and an unknown plant (404)', async () => {
    const taken = await send(t, 'PATCH', `/api/plants/${north.id}`, { name: 'Gas Plant B' }, asAdmin);
    expect(taken.statusCode).toBe(409);
    const empty = await send(t, 'PATCH', `/api/plants/${north.id}`, {}, asAdmin);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('give at least one field to change');
    const missing = await send(t, 'PATCH', '/api/plants/999999', { name: 'Nowhere' }, asAdmin);
    expect(missing.statusCode).toBe(404);
    const bad = await send(t, 'PATCH', '/api/plants/abc', { name: 'Nowhere' }, asAdmin);
    expect(bad.statusCode).toBe(400);
  });

  it('retires a plant with valves: it stays listed with its valves, takes no new ones, and comes back', async () => {
    const res = await send(t, 'PATCH', `/api/plants/${north.id}`, { retired: true }, asAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ retired: true, valves: 5 });
    expect(res.json().retiredAt).toEqual(expect.any(String));
    expect((await plantsOf()).find((p) => p.id === north.id)).toMatchObject({ retired: true });
    const refused = await send(
      t,
      'POST',
      '/api/valves',
      newValve({ valveId: 'FCV-103', plant: 'Bayside North Refinery' }),
      { as: 'engineer' },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('plant Bayside North Refinery is retired');
    // Its valves are still read, and filtered by it.
    expect((await t.get('/api/valves?plant=Bayside%20North%20Refinery')).json()).toHaveLength(5);
    const back = await send(t, 'PATCH', `/api/plants/${north.id}`, { retired: false }, asAdmin);
    expect(back.json()).toMatchObject({ retired: false, retiredAt: null });
  });
});

describe('GET and POST /api/valve-types', () => {
  it('lists the standard catalog, the spec’s four filter types first, with the valves of each', async () => {
    const res = await t.get('/api/valve-types', 'technician');
    expect(res.statusCode).toBe(200);
    const list = res.json().map((v: unknown) => valveTypeSchema.parse(v));
    expect(list.map((v: { name: string }) => v.name)).toEqual([...STANDARD_VALVE_TYPES]);
    expect(list.slice(0, 4).map((v: { name: string }) => v.name)).toEqual([...FILTER_VALVE_TYPES]);
    expect(list.find((v: { name: string }) => v.name === 'Safety Relief Valve')).toMatchObject({ reliefClass: true });
    expect(list.filter((v: { valves: number }) => v.valves > 0).length).toBeGreaterThan(1);
  });

  it('adds a type (engineer), refuses it again in any case (409), and a valve of it is found by the filter', async () => {
    const res = await send(t, 'POST', '/api/valve-types', { name: 'Bellows Seal Valve' }, { as: 'engineer' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Bellows Seal Valve',
      standard: false,
      reliefClass: false,
      valves: 0,
    });
    const again = await send(t, 'POST', '/api/valve-types', { name: 'BELLOWS SEAL VALVE' }, asAdmin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The catalog already has Bellows Seal Valve.');
    const standard = await send(t, 'POST', '/api/valve-types', { name: 'butterfly valve' }, asAdmin);
    expect(standard.statusCode).toBe(409);
    // A type named in another case is the catalog's spelling.
    const valve = await send(
      t,
      'POST',
      '/api/valves',
      newValve({ valveId: 'XV-900', plant: 'Gas Plant B', type: 'bellows seal valve' }),
      { as: 'engineer' },
    );
    expect(valve.statusCode).toBe(201);
    expect(valve.json().type).toBe('Bellows Seal Valve');
    const found = await t.get('/api/valves?type=Bellows%20Seal%20Valve');
    expect(found.json().map((v: { valveId: string }) => v.valveId)).toEqual(['XV-900']);
    const listed = (await t.get('/api/valve-types')).json();
    expect(listed.at(-1)).toMatchObject({ name: 'Bellows Seal Valve', valves: 1 });
  });

  it.each([
    [{}, 'name is required'],
    [{ name: 'X' }, 'name must be at least 2 characters'],
    [{ name: 'y'.repeat(61) }, 'name must be at most 60 characters'],
    [{ name: 42 }, 'name'],
  ])('refuses %j with 400', async (body, message) => {
    const res = await send(t, 'POST', '/api/valve-types', body, asAdmin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('refuses a technician or supervisor with 403', async () => {
    for (const as of ['technician', 'supervisor'] as const) {
      expect((await send(t, 'POST', '/api/valve-types', { name: 'Pinch Valve 2' }, { as })).statusCode).toBe(403);
    }
  });
});

describe('the organization’s tag convention', () => {
  const put = (tagPattern: unknown, as: 'admin' | 'engineer' = 'admin') =>
    send(t, 'PUT', '/api/organization/tag-pattern', { tagPattern }, { as });

  it('checks new valves against it once an admin sets it, and takes any tag again once cleared', async () => {
    expect((await t.get('/api/organization/tag-pattern')).json()).toEqual({ tagPattern: null });
    expect((await put('[A-Z]{2,3}-\\d{3,4}[A-Z]?')).json()).toEqual({ tagPattern: '[A-Z]{2,3}-\\d{3,4}[A-Z]?' });
    const off: InjectResponse = await send(
      t,
      'POST',
      '/api/valves',
      newValve({ valveId: '10-XV-777', plant: 'Gas Plant B' }),
      {
        as: 'engineer',
      },
    );
    expect(off.statusCode).toBe(400);
    expect(off.json().issues).toEqual([
      { path: 'valveId', message: "must follow your organization's tag convention ([A-Z]{2,3}-\\d{3,4}[A-Z]?)" },
    ]);
    const on = await send(t, 'POST', '/api/valves', newValve({ valveId: 'FV-7001B', plant: 'Gas Plant B' }), {
      as: 'engineer',
    });
    expect(on.statusCode).toBe(201);
    expect((await put(null)).json()).toEqual({ tagPattern: null });
  });

  it('refuses a pattern that is no regular expression (400) and anyone but an admin (403)', async () => {
    const bad = await put('([A-Z');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('tagPattern must be a regular expression');
    expect((await put('V-.*', 'engineer')).statusCode).toBe(403);
  });
});
