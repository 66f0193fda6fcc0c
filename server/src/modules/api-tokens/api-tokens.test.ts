import { apiToken, createdApiToken } from '@common/schemas/api-tokens';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { apiTokens, auditLog, subscriptions, valves } from '../../db/schema';
import { createSession } from '../../lib/sessions';
import { SESSION_COOKIE } from '../../plugins/session';
import { createTestApp, type Persona, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 20 });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const asPersona = async (method: Method, url: string, payload?: unknown, persona: Persona = 'admin') =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: await t.cookie(persona) } });
const withCookie = (cookie: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie } });
const withToken = (token: string, method: Method, url: string, payload?: unknown, headers = {}) =>
  t.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}`, ...headers } });

async function makeToken(body: object, persona: Persona = 'admin') {
  const res = await asPersona('POST', '/api/api-tokens', body, persona);
  expect(res.statusCode, res.body).toBe(201);
  return createdApiToken.strict().parse(res.json());
}

/** A new admin of the first organization (optionally limited to plants), signed in with a session of their own. */
async function newAdmin(email: string, plants: string[] = []) {
  const res = await asPersona('POST', '/api/users', {
    name: email,
    email,
    role: 'admin',
    plants,
    password: 'long enough 1',
  });
  expect(res.statusCode, res.body).toBe(201);
  const { user } = res.json() as { user: { id: number; version: number } };
  const { token } = await createSession(t.db, user.id);
  return { user, cookie: `${SESSION_COOKIE}=${token}` };
}

const aValve = async (plant: string, organizationId = 1) => {
  const [row] = await t.db
    .select({ id: valves.id })
    .from(valves)
    .where(and(eq(valves.plant, plant), eq(valves.organizationId, organizationId)))
    .limit(1);
  return row.id;
};

describe('POST /api/api-tokens', () => {
  it('makes a token whose secret is answered once, with a recognisable prefix', async () => {
    const made = await makeToken({ name: 'Historian', scopes: ['read'], expiresAt: '2099-01-01T00:00:00Z' });
    expect(made).toEqual({
      id: expect.any(Number),
      name: 'Historian',
      scopes: ['read'],
      expiresAt: '2099-01-01T00:00:00.000Z',
      token: expect.stringMatching(/^vo_[A-Za-z0-9_-]{43}$/),
    });
  });

  it.each([
    [{ name: '  ', scopes: ['read'] }, 'name', 'is required'],
    [{ name: 'x', scopes: ['admin'] }, 'scopes.0', 'must be one of: read, write'],
    [{ name: 'x', scopes: [] }, 'scopes', 'needs at least one scope'],
    [{ name: 'x', scopes: ['read'], expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt', 'must be in the future'],
    [{ name: 'x', scopes: ['read'], expiresAt: 'tomorrow' }, 'expiresAt', 'must be an ISO 8601 date and time'],
  ])('refuses bad input %j with 400 naming the field', async (body, path, message) => {
    const res = await asPersona('POST', '/api/api-tokens', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it('is the admin’s only', async () => {
    const res = await asPersona('POST', '/api/api-tokens', { name: 'x', scopes: ['read'] }, 'engineer');
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/api-tokens', () => {
  it('lists tokens with their maker and last use, never the secret', async () => {
    const made = await makeToken({ name: 'Reader', scopes: ['read'] });
    expect((await withToken(made.token, 'GET', '/api/valves')).statusCode).toBe(200);
    const res = await asPersona('GET', '/api/api-tokens');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(made.token);
    const listed = apiToken
      .strict()
      .array()
      .parse(res.json())
      .find((token) => token.id === made.id);
    expect(listed).toEqual({
      id: made.id,
      name: 'Reader',
      scopes: ['read'],
      prefix: made.token.slice(0, 11),
      expiresAt: null,
      lastUsedAt: expect.any(String),
      lastUsedFrom: '127.0.0.1',
      createdAt: expect.any(String),
      createdBy: expect.any(String),
    });
    expect(listed?.createdBy).not.toBe('');
  });

  it('writes the last use at most once a minute, so reads stay reads', async () => {
    const made = await makeToken({ name: 'Poller', scopes: ['read'] });
    await withToken(made.token, 'GET', '/api/valves');
    const first = await t.db.select({ at: apiTokens.lastUsedAt }).from(apiTokens).where(eq(apiTokens.id, made.id));
    await withToken(made.token, 'GET', '/api/valves');
    const second = await t.db.select({ at: apiTokens.lastUsedAt }).from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(second[0].at?.getTime()).toBe(first[0].at?.getTime());
  });

  it('refuses a malformed Authorization header (401) and a token managing tokens (403)', async () => {
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/api-tokens',
      headers: { authorization: 'Basic YWRtaW46YWRtaW4=' },
    });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().message).toMatch(/^Malformed Authorization header/);
    const made = await makeToken({ name: 'Meddler', scopes: ['read', 'write'] });
    const res = await withToken(made.token, 'GET', '/api/api-tokens');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('API tokens are managed by a signed-in admin, not with an API token.');
  });
});

describe('DELETE /api/api-tokens/:id', () => {
  it('revokes at once: the next request with the token is 401, and the list no longer shows it', async () => {
    const made = await makeToken({ name: 'Leaked', scopes: ['read'] });
    expect((await withToken(made.token, 'GET', '/api/valves')).statusCode).toBe(200);
    expect((await asPersona('DELETE', `/api/api-tokens/${made.id}`)).statusCode).toBe(204);
    const res = await withToken(made.token, 'GET', '/api/valves');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('This API token is not valid: it is unknown, revoked or expired.');
    const list = (await asPersona('GET', '/api/api-tokens')).json() as { id: number }[];
    expect(list.map((token) => token.id)).not.toContain(made.id);
    // Made and revoked, by whom, in the audit trail; the hash is not in it.
    const trail = await t.db
      .select({ action: auditLog.action, userId: auditLog.userId, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'api_tokens'), eq(auditLog.rowId, String(made.id))));
    expect(trail.map((row) => row.action)).toEqual(['insert', 'update']);
    expect(trail.every((row) => row.userId !== null)).toBe(true);
    expect(Object.keys(trail[1].changes as object)).toEqual(['revoked_at']);
  });

  it('answers 400 for a bad id and 404 for an unknown one or another organization’s', async () => {
    expect((await asPersona('DELETE', '/api/api-tokens/abc')).statusCode).toBe(400);
    expect((await asPersona('DELETE', '/api/api-tokens/999999')).json()).toEqual({ message: 'API token not found' });
    const theirs = await makeToken({ name: 'Bayside', scopes: ['read'] }, 'otherOrganization');
    expect((await asPersona('DELETE', `/api/api-tokens/${theirs.id}`)).statusCode).toBe(404);
    expect((await withToken(theirs.token, 'GET', '/api/valves')).statusCode).toBe(200);
  });
});

describe('a request with an API token', () => {
  it('reads with the read scope, and is refused a write (403) saying why', async () => {
    const made = await makeToken({ name: 'Read only', scopes: ['read'] });
    const valveId = await aValve('Power Plant A');
    expect((await withToken(made.token, 'GET', `/api/valves/${valveId}`)).statusCode).toBe(200);
    const res = await withToken(made.token, 'POST', '/api/work-orders', { valveId, title: 'From a script' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'This API token may only read (scope: read). Create a token with the write scope to make changes.',
    );
  });

  it('writes with the write scope as its maker, needing no Origin check; a cookie from a foreign Origin is still refused', async () => {
    const made = await makeToken({ name: 'Writer', scopes: ['read', 'write'] });
    const valveId = await aValve('Power Plant A');
    const foreign = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const res = await withToken(made.token, 'POST', '/api/work-orders', { valveId, title: 'From a script' }, foreign);
    expect(res.statusCode, res.body).toBe(201);
    const cookieWrite = await t.app.inject({
      method: 'POST',
      url: '/api/work-orders',
      payload: { valveId, title: 'Forged' },
      headers: { cookie: await t.cookie('admin'), ...foreign },
    });
    expect(cookieWrite.statusCode).toBe(403);
    expect(cookieWrite.json().message).toBe('Cross-origin request refused.');
  });

  it('is refused once expired', async () => {
    const made = await makeToken({ name: 'Short', scopes: ['read'], expiresAt: new Date(Date.now() + 3_600_000) });
    expect((await withToken(made.token, 'GET', '/api/valves')).statusCode).toBe(200);
    await t.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, made.id));
    expect((await withToken(made.token, 'GET', '/api/valves')).statusCode).toBe(401);
  });

  it('is refused when its maker is deactivated', async () => {
    const admin = await newAdmin('leaver@northfield.example');
    const res = await withCookie(admin.cookie, 'POST', '/api/api-tokens', { name: 'Leaver’s', scopes: ['read'] });
    const { token } = createdApiToken.parse(res.json());
    expect((await withToken(token, 'GET', '/api/valves')).statusCode).toBe(200);
    const off = await asPersona('PATCH', `/api/users/${admin.user.id}`, { version: admin.user.version, active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await withToken(token, 'GET', '/api/valves')).statusCode).toBe(401);
  });

  it('sees only the plants of a plant-limited maker', async () => {
    const admin = await newAdmin('plant-a-admin@northfield.example', ['Power Plant A']);
    const res = await withCookie(admin.cookie, 'POST', '/api/api-tokens', { name: 'Plant A', scopes: ['read'] });
    const { token } = createdApiToken.parse(res.json());
    expect((await withToken(token, 'GET', `/api/valves/${await aValve('Power Plant A')}`)).statusCode).toBe(200);
    const elsewhere = await withToken(token, 'GET', `/api/valves/${await aValve('Gas Plant B')}`);
    expect(elsewhere.statusCode).toBe(404);
  });

  it('is refused (402, naming the plan) when the plan has no API access, as is making one', async () => {
    const made = await makeToken({ name: 'Before the downgrade', scopes: ['read'] }, 'otherOrganization');
    const session = (await t.get('/api/auth/session', 'otherOrganization')).json();
    await t.db
      .update(subscriptions)
      .set({ planId: 'professional' })
      .where(eq(subscriptions.organizationId, session.user.organizationId));
    const message = 'API access needs the Enterprise plan; this organization is on Professional.';
    const used = await withToken(made.token, 'GET', '/api/valves');
    expect(used.statusCode).toBe(402);
    expect(used.json()).toEqual({ message });
    const making = await asPersona('POST', '/api/api-tokens', { name: 'x', scopes: ['read'] }, 'otherOrganization');
    expect(making.statusCode).toBe(402);
    expect(making.json()).toEqual({ message });
  });

  it('refuses an unknown token', async () => {
    expect((await withToken('vo_notatoken', 'GET', '/api/valves')).statusCode).toBe(401);
    expect((await withToken('not-even-ours', 'GET', '/api/valves')).statusCode).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('names the bearer token and the session as its security, and public routes as needing neither', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.apiToken).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    expect(doc.security).toEqual([{ apiToken: [] }, { session: [] }]);
    expect(doc.paths['/api/auth/sign-in'].post.security).toEqual([]);
    expect(doc.paths['/api/api-tokens'].post.security).toBeUndefined();
  });
});

describe('the secret', () => {
  it('is in no table of the database, even when made with an Idempotency-Key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      payload: { name: 'Replayable?', scopes: ['read'] },
      headers: { cookie: await t.cookie('admin'), 'idempotency-key': 'make-token-once-1' },
    });
    const { token } = createdApiToken.parse(res.json());
    const tables = await rowsOf<{ name: string }>(
      t.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(20);
    for (const { name } of tables) {
      const hits = await rowsOf(
        t.db,
        sql`select 1 from ${sql.identifier(name)} t where t::text like ${`%${token.slice(3)}%`} limit 1`,
      );
      expect(hits, name).toEqual([]);
    }
    // Only its hash and the non-secret prefix are kept.
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.name, 'Replayable?'));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenPrefix).toBe(token.slice(0, 11));
  });
});
