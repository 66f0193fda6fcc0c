import { managedUser } from '@common/schemas/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/accounts';
import { startMailCatcher, tokenIn } from '../../testing/mail-catcher';
import { createTestApp, type Persona, type TestContext } from '../../testing/test-app';

let t: TestContext;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
beforeAll(async () => {
  mail = await startMailCatcher();
  t = await createTestApp({ valves: 20, smtpUrl: mail.smtpUrl });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const send = async (method: 'POST' | 'PATCH', url: string, payload: unknown, persona: Persona = 'admin') =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: await t.cookie(persona) } });

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });

describe('GET /api/users', () => {
  it('lists the organization’s users for an admin, with role, plants and state', async () => {
    const res = await t.get('/api/users', 'admin');
    expect(res.statusCode).toBe(200);
    const list = res.json() as ReturnType<typeof managedUser.parse>[];
    expect(list.map((u) => u.email)).toContain('tomas.ruiz@northfield.example');
    expect(list.find((u) => u.email === 'tomas.ruiz@northfield.example')?.plants).toEqual(['Power Plant A']);
    expect(list.some((u) => u.email.endsWith('@bayside.example'))).toBe(false);
    for (const u of list) managedUser.strict().parse(u);
  });
});

describe('POST /api/users', () => {
  it('creates a user with a password who can sign in at once', async () => {
    const res = await send('POST', '/api/users', {
      name: 'Ivy Moss',
      email: 'ivy@northfield.example',
      role: 'engineer',
      password: 'valve-ivy-2026',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      user: expect.objectContaining({ role: 'engineer', active: true, invited: false }),
      inviteUrl: null,
    });
    expect((await signIn('ivy@northfield.example', 'valve-ivy-2026')).statusCode).toBe(200);
  });

  it('invites a user without a password: the link sets a password once and signs them in', async () => {
    const res = await send('POST', '/api/users', {
      name: 'Omar Haddad',
      email: 'omar@northfield.example',
      role: 'technician',
      plants: ['Gas Plant B'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toEqual(expect.objectContaining({ invited: true, plants: ['Gas Plant B'] }));
    const token = new URL(res.json().inviteUrl).searchParams.get('token');
    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invite',
      payload: { token, password: 'omar-on-site' },
    });
    expect(accept.statusCode).toBe(200);
    expect(accept.json().user.plants).toEqual(['Gas Plant B']);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invite',
      payload: { token, password: 'second-try' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('This invitation is not valid any more');
  });

  it.each([
    [{ email: 'x@northfield.example', role: 'technician' }, 400, 'name is required'],
    [{ name: 'X', email: 'nope', role: 'technician' }, 400, 'email must be an email address'],
    [{ name: 'X', email: 'x@northfield.example', role: 'boss' }, 400, 'role must be one of'],
    [
      { name: 'X', email: 'x@northfield.example', role: 'technician', plants: ['Moon Base'] },
      400,
      'plants.0 must be one of',
    ],
    [
      { name: 'X', email: 'x@northfield.example', role: 'technician', plants: ['Gas Plant B', 'Gas Plant B'] },
      400,
      'must not repeat',
    ],
    [
      { name: 'X', email: 'x@northfield.example', role: 'technician', password: 'short' },
      400,
      'password must be at least 8',
    ],
    [{ name: 'X'.repeat(101), email: 'x@northfield.example', role: 'technician' }, 400, 'name must be at most 100'],
    [
      { name: 'Dup', email: 'Engineer@Northfield.example', role: 'technician' },
      409,
      'A user with this email already exists in your organization.',
    ],
  ])('refuses %j with %i', async (body, status, message) => {
    const res = await send('POST', '/api/users', body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
  });
});

describe('an address used in another organization', () => {
  it('is added like any new address (the answer does not tell that it is used elsewhere) and signs in once proven', async () => {
    const res = await send('POST', '/api/users', {
      name: 'Sam Whitaker (contract)',
      email: 'admin@bayside.example',
      role: 'technician',
      password: 'northfield-contract',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toEqual(expect.objectContaining({ email: 'admin@bayside.example', role: 'technician' }));
    // The new account opens once the address's holder confirms it (issue 27, item 1).
    expect((await signIn('admin@bayside.example', 'northfield-contract')).statusCode).toBe(403);
    const token = tokenIn(mail.to('admin@bayside.example').at(-1));
    await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    // Each password opens its own organization's account only.
    const here = await signIn('admin@bayside.example', 'northfield-contract');
    expect(here.json().user).toEqual(
      expect.objectContaining({ organizationName: 'Northfield Energy & Chemicals', role: 'technician' }),
    );
    const there = await signIn('admin@bayside.example', DEMO_PASSWORD);
    expect(there.json().user).toEqual(
      expect.objectContaining({ organizationName: 'Bayside Processing', role: 'admin' }),
    );
    const bayside = (
      await t.app.inject({
        method: 'GET',
        url: '/api/users',
        headers: { cookie: String(there.headers['set-cookie']).split(';')[0] },
      })
    ).json() as { email: string }[];
    expect(bayside.filter((u) => u.email === 'admin@bayside.example')).toHaveLength(1);
  });
});

describe('PATCH /api/users/:id', () => {
  const find = async (email: string) => {
    const people = (await t.get('/api/users', 'admin')).json() as { id: number; email: string; version: number }[];
    const person = people.find((u) => u.email === email);
    if (!person) throw new Error(`${email} is not among the users`);
    return person;
  };

  it('changes a role and plant limits, bumping the version; a stale version is 409', async () => {
    const grace = await find('grace.lindqvist@northfield.example');
    const res = await send('PATCH', `/api/users/${grace.id}`, {
      version: grace.version,
      role: 'supervisor',
      plants: ['Chemical Plant C'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.objectContaining({ role: 'supervisor', plants: ['Chemical Plant C'], version: grace.version + 1 }),
    );
    const stale = await send('PATCH', `/api/users/${grace.id}`, { version: grace.version, role: 'technician' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('changed by someone else');
  });

  it('deactivating a user ends their sessions at once and stops their sign-in', async () => {
    const cookie = await t.cookie('engineer');
    expect((await t.get('/api/valves?limit=1', 'engineer')).statusCode).toBe(200);
    const priya = await find('engineer@northfield.example');
    const res = await send('PATCH', `/api/users/${priya.id}`, { version: priya.version, active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);
    const after = await t.app.inject({ method: 'GET', url: '/api/valves', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect((await signIn('engineer@northfield.example', 'valveops-demo')).statusCode).toBe(401);
  });

  it('keeps the organization’s last active admin, and an admin cannot deactivate themselves', async () => {
    const alex = await find('admin@northfield.example');
    const demote = await send('PATCH', `/api/users/${alex.id}`, { version: alex.version, role: 'technician' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('An organization needs at least one active admin.');
    const ivy = await find('ivy@northfield.example');
    await send('PATCH', `/api/users/${ivy.id}`, { version: ivy.version, role: 'admin' });
    const self = await send('PATCH', `/api/users/${alex.id}`, { version: alex.version, active: false });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot deactivate your own account.');
  });

  it.each([
    ['abc', { version: 1, role: 'admin' }, 400, 'id must be a number'],
    ['1', { role: 'admin' }, 400, 'version is required'],
    ['1', { version: 1 }, 400, 'give at least one of role, plants or active'],
    ['1', { version: 1, active: 'no' }, 400, 'active must be true or false'],
    ['999999', { version: 1, role: 'admin' }, 404, 'User not found'],
  ])('PATCH /api/users/%s %j → %i', async (id, body, status, message) => {
    const res = await send('PATCH', `/api/users/${id}`, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
  });

  it('cannot reach another organization’s user: 404', async () => {
    const theirs = (await t.get('/api/users', 'otherOrganization')).json()[0];
    const res = await send('PATCH', `/api/users/${theirs.id}`, { version: theirs.version, role: 'technician' });
    expect(res.statusCode).toBe(404);
  });
});

describe('plant limits', () => {
  it('a user limited to a plant sees only that plant’s valves, work orders and activity', async () => {
    const valves = (await t.get('/api/valves', 'limited')).json() as { id: number; plant: string }[];
    expect(valves.length).toBeGreaterThan(0);
    for (const v of valves) expect(v.plant).toBe('Power Plant A');
    const orders = (await t.get('/api/work-orders', 'limited')).json() as { valve: { plant: string } }[];
    for (const o of orders) expect(o.valve.plant).toBe('Power Plant A');
    const all = (await t.get('/api/valves')).json() as { id: number; plant: string }[];
    const elsewhere = all.find((v) => v.plant !== 'Power Plant A');
    expect((await t.get(`/api/valves/${elsewhere?.id}`, 'limited')).statusCode).toBe(404);
    expect((await t.get(`/api/maintenance-records?valveId=${elsewhere?.id}`, 'limited')).statusCode).toBe(404);
    expect((await t.get(`/api/photos?valveId=${elsewhere?.id}`, 'limited')).statusCode).toBe(404);
  });
});
