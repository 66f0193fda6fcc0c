import { MAX_ID } from '@common/constants';
import { store } from '@common/schemas/parts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plants, users } from '../../db/schema';
import { createSession } from '../../lib/sessions';
import { SESSION_COOKIE } from '../../plugins/session';
import { send } from '../../testing/send';
import { createTestApp, PERSONAS, type Persona, type TestContext } from '../../testing/test-app';

let t: TestContext;
const ids = { plantA: 0, plantB: 0, storeA: 0, storeB: 0, engineer: 0, stranger: 0, leaver: 0 };
/** A supervisor limited to Power Plant A: sees and changes only that plant's stores. */
let plantAManager = '';

const idOf = async (email: string) => {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
};
const plantId = async (name: string) => {
  const [row] = await t.db
    .select({ id: plants.id })
    .from(plants)
    .where(and(eq(plants.organizationId, 1), eq(plants.name, name)));
  return row.id;
};
const patch = (id: number | string, body: unknown, as: Persona = 'supervisor') =>
  send(t, 'PATCH', `/api/stores/${id}`, body, { as });
const patchAs = (cookie: string, id: number, body: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/stores/${id}`, payload: body as object, headers: { cookie } });

/** A person added by the admin, signed in. */
async function person(name: string, role: string, plantsOf: string[]) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@northfield.example`;
  const res = await send(t, 'POST', '/api/users', { name, email, role, plants: plantsOf }, { as: 'admin' });
  expect(res.statusCode, res.body).toBe(201);
  const { id, version } = res.json().user as { id: number; version: number };
  return { id, version, cookie: `${SESSION_COOKIE}=${(await createSession(t.db, id)).token}` };
}

beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  ids.plantA = await plantId('Power Plant A');
  ids.plantB = await plantId('Gas Plant B');
  const a = await send(t, 'POST', '/api/stores', { name: 'Contact crib', plantId: ids.plantA });
  const b = await send(t, 'POST', '/api/stores', { name: 'Contact crib', plantId: ids.plantB });
  expect(a.statusCode, a.body).toBe(201);
  ids.storeA = a.json().id;
  ids.storeB = b.json().id;
  ids.engineer = await idOf(PERSONAS.engineer);
  ids.stranger = await idOf(PERSONAS.otherOrganization);
  plantAManager = (await person('Ari Plantman', 'supervisor', ['Power Plant A'])).cookie;
  const leaver = await person('Lee Leaver', 'supervisor', []);
  ids.leaver = leaver.id;
  const off = await send(
    t,
    'PATCH',
    `/api/users/${leaver.id}`,
    { version: leaver.version, active: false },
    {
      as: 'admin',
    },
  );
  expect(off.statusCode, off.body).toBe(200);
});
afterAll(() => t.close());

describe('who orders for a store', () => {
  it('names nobody on a new store unless told, and shows the person named', async () => {
    const listed = (await t.get('/api/stores')).json().map((s: unknown) => store.strict().parse(s));
    expect(listed.find((s: { id: number }) => s.id === ids.storeA)?.reorderContact).toBeNull();
    const named = await send(t, 'POST', '/api/stores', {
      name: 'Van 4',
      plantId: ids.plantA,
      reorderContactUserId: ids.engineer,
    });
    expect(named.statusCode, named.body).toBe(201);
    expect(store.strict().parse(named.json()).reorderContact).toEqual({ id: ids.engineer, name: 'Priya Raman' });
    const stranger = await send(t, 'POST', '/api/stores', {
      name: 'Van 5',
      plantId: ids.plantA,
      reorderContactUserId: ids.stranger,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().issues).toEqual([
      { path: 'reorderContactUserId', message: 'is not a user of your organization' },
    ]);
  });

  it('names the orderer, renames, and names nobody again', async () => {
    const named = await patch(ids.storeA, { reorderContactUserId: ids.engineer });
    expect(named.statusCode, named.body).toBe(200);
    expect(store.strict().parse(named.json())).toMatchObject({
      id: ids.storeA,
      name: 'Contact crib',
      reorderContact: { id: ids.engineer, name: 'Priya Raman' },
    });
    const renamed = await patch(ids.storeA, { name: '  Line crib ' });
    expect(renamed.json()).toMatchObject({ name: 'Line crib', reorderContact: { id: ids.engineer } });
    const listed = (await t.get('/api/stores')).json() as { id: number; reorderContact: unknown }[];
    expect(listed.find((s) => s.id === ids.storeA)?.reorderContact).toEqual({ id: ids.engineer, name: 'Priya Raman' });
    const nobody = await patch(ids.storeA, { reorderContactUserId: null, name: 'Contact crib' });
    expect(nobody.json()).toMatchObject({ name: 'Contact crib', reorderContact: null });
  });

  it.each<[string, unknown, string, string]>([
    ['nothing to change', {}, '', 'needs a name or a reorder contact to change'],
    ['an empty name', { name: ' ' }, 'name', 'is required'],
    ['a name too long', { name: 'x'.repeat(101) }, 'name', 'must be at most 100 characters'],
    ['a contact as text', { reorderContactUserId: 'Priya' }, 'reorderContactUserId', "is required (the user's id)"],
    ['a fractional contact', { reorderContactUserId: 1.5 }, 'reorderContactUserId', 'must be a whole number'],
    ['a contact past integer', { reorderContactUserId: MAX_ID + 1 }, 'reorderContactUserId', 'is too large'],
    [
      'an unknown contact',
      { reorderContactUserId: MAX_ID },
      'reorderContactUserId',
      'is not a user of your organization',
    ],
    [
      'another organization’s',
      { reorderContactUserId: -1 },
      'reorderContactUserId',
      'is not a user of your organization',
    ],
    [
      'a deactivated contact',
      { reorderContactUserId: -2 },
      'reorderContactUserId',
      'is deactivated: name someone who works here now',
    ],
  ])('refuses %s with 400 on the field', async (_, body, path, message) => {
    const given = body as { reorderContactUserId?: unknown };
    const res = await patch(ids.storeA, {
      ...given,
      ...(given.reorderContactUserId === -1 && { reorderContactUserId: ids.stranger }),
      ...(given.reorderContactUserId === -2 && { reorderContactUserId: ids.leaver }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/\S/);
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it.each<[string, number]>([
    ['abc', 400],
    ['0', 400],
    [String(MAX_ID + 1), 400],
    ['999999', 404],
  ])('answers the store id %s with %i', async (id, status) => {
    const res = await patch(id, { name: 'Van 9' });
    expect(res.statusCode, res.body).toBe(status);
    if (status === 404) expect(res.json()).toEqual({ message: 'Store not found' });
  });

  it('keeps another organization, another plant’s manager and technicians out', async () => {
    expect((await patch(ids.storeA, { name: 'Van 9' }, 'otherOrganization')).json()).toEqual({
      message: 'Store not found',
    });
    expect((await patch(ids.storeA, { name: 'Van 9' }, 'technician')).statusCode).toBe(403);
    const elsewhere = await patchAs(plantAManager, ids.storeB, { name: 'Van 9' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: 'Store not found' });
    const own = await patchAs(plantAManager, ids.storeA, { reorderContactUserId: ids.engineer });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('says 409 when the plant already has a store of the new name', async () => {
    await send(t, 'POST', '/api/stores', { name: 'Van 7', plantId: ids.plantA });
    const res = await patch(ids.storeA, { name: 'Van 7' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Power Plant A already has a store named Van 7.');
  });
});
