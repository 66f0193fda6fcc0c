/**
 * Issue 27, items 1 and 2: one limit on password guesses per account, shared by sign-in and e-signing, that no
 * squatted address, pool of client addresses or other account's success gets around; an address used by another
 * account proven by a mailed link before the new account signs in.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, valves } from '../../db/schema';
import { DEMO_PASSWORD } from '../../demo/accounts';
import { ACCOUNT_FAILURES } from '../../lib/password-attempts';
import { hashToken } from '../../lib/tokens';
import { startMailCatcher, tokenIn } from '../../testing/mail-catcher';
import { send } from '../../testing/send';
import { createTestApp, PERSONAS, type TestContext } from '../../testing/test-app';

let t: TestContext;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
beforeAll(async () => {
  mail = await startMailCatcher();
  t = await createTestApp({ valves: 4, trustProxy: ['127.0.0.1'], smtpUrl: mail.smtpUrl });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

/** Each request from its own client address: the per-client limit is not what these tests are about. */
let client = 0;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'x-forwarded-for': `198.18.${Math.floor(++client / 250)}.${client % 250}`, ...headers },
  });
const signIn = (email: string, password: string, organizationId?: number) =>
  post('/api/auth/sign-in', { email, password, organizationId });
const signUp = (email: string, password: string, organizationName = `Squat ${client}`) =>
  post('/api/auth/sign-up', { organizationName, name: 'Someone', email, password });

describe('the squatted address (issue 27, item 1)', () => {
  it('36 wrong guesses interleaved with 4 squatter sign-ins: 429 after the limit, and the victim is told', async () => {
    const victim = PERSONAS.engineer;
    const squatter = await signUp(victim, 'the squatter knows this one');
    expect(squatter.statusCode).toBe(202);
    const guesses: number[] = [];
    const squats: number[] = [];
    for (let i = 0; i < 40; i++) {
      if (i % 10 === 9) squats.push((await signIn(victim, 'the squatter knows this one')).statusCode);
      else guesses.push((await signIn(victim, `guess ${i}`)).statusCode);
    }
    expect(guesses.slice(0, ACCOUNT_FAILURES)).toEqual(Array(ACCOUNT_FAILURES).fill(401));
    expect(guesses.slice(ACCOUNT_FAILURES)).toEqual(Array(36 - ACCOUNT_FAILURES).fill(429));
    // The squatter's account is not proven: it opens to nobody, and clears nothing of the victim's.
    expect(squats).toEqual([403, 403, 403, 403]);
    const right = await signIn(victim, DEMO_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/paused\. Try again in 1[45] minutes\.$/);
    expect(mail.to(victim).map((m) => m.subject)).toEqual([
      'ValveOps: confirm your email address',
      'ValveOps: sign-in to your account is paused',
    ]);
  });

  it("never clears one account's failures by another's success at the same address", async () => {
    const address = 'two.accounts@contract.example';
    expect((await signUp(address, 'first passphrase')).statusCode).toBe(201);
    expect((await signUp(address, 'second passphrase')).statusCode).toBe(202);
    await post('/api/auth/verify-email', { token: tokenIn(mail.to(address).at(-1)) });
    for (let i = 0; i < ACCOUNT_FAILURES - 1; i++) expect((await signIn(address, `guess ${i}`)).statusCode).toBe(401);
    expect((await signIn(address, 'second passphrase')).statusCode).toBe(200);
    // The first account has spent nine; one more failure spends it, whatever the second did.
    expect((await signIn(address, 'guess 9')).statusCode).toBe(401);
    expect((await signIn(address, 'first passphrase')).statusCode).toBe(429);
    expect((await signIn(address, 'second passphrase')).statusCode).toBe(200);
  });
});

describe('POST and GET /api/auth/verify-email', () => {
  it('stores only the hash of the token; the link opens a page whose button confirms it', async () => {
    const address = 'page.confirm@contract.example';
    await signUp(address, 'first passphrase');
    expect((await signUp(address, 'another passphrase')).statusCode).toBe(202);
    const token = tokenIn(mail.to(address).at(-1));
    const [row] = await t.db
      .select({ hash: users.emailTokenHash })
      .from(users)
      .where(and(eq(users.email, address), eq(users.emailUnverified, true)));
    expect(row.hash).toBe(hashToken(token));
    const page = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`name="token" value="${token}"`);
    // Opening the page confirms nothing (a mail scanner fetches every link).
    expect((await signIn(address, 'another passphrase')).statusCode).toBe(403);
    const pressed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: `token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toBe('/api/auth/verify-email?result=confirmed');
    expect((await signIn(address, 'another passphrase')).statusCode).toBe(200);
    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This link is not valid any more. Sign in with your password to get a new one.');
  });

  it('refuses a malformed token with 400 naming the field', async () => {
    const res = await post('/api/auth/verify-email', { token: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid body: token is not a valid link');
  });
});

describe('sign-up limits', () => {
  it('takes three accounts a day for one address, then 429', async () => {
    const address = 'many.signups@contract.example';
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signUp(address, `passphrase ${i}`)).statusCode);
    expect(statuses).toEqual([201, 202, 202, 429]);
  });

  it('takes ten a hour from one client, then 429', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.77' };
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await post(
            '/api/auth/sign-up',
            {
              organizationName: `One client ${i}`,
              name: 'Someone',
              email: `client${i}@x.example`,
              password: 'passphrase',
            },
            headers,
          )
        ).statusCode,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });
});

describe('an account an admin makes with a password, at an address used elsewhere', () => {
  it('signs in only once the address is proven', async () => {
    const res = await send(
      t,
      'POST',
      '/api/users',
      {
        name: 'Squatted by an admin',
        email: PERSONAS.otherOrganization,
        role: 'technician',
        password: 'the admin knows this',
      },
      { as: 'admin' },
    );
    expect(res.statusCode).toBe(201);
    expect((await signIn(PERSONAS.otherOrganization, 'the admin knows this')).statusCode).toBe(403);
    expect(mail.to(PERSONAS.otherOrganization).at(-1)?.subject).toBe('ValveOps: confirm your email address');
  });
});

describe('the e-signature password (issue 27, item 2)', () => {
  let orderId: number;
  beforeAll(async () => {
    const [v] = await t.db.select({ id: valves.id }).from(valves).where(eq(valves.organizationId, 1)).limit(1);
    orderId = (
      await send(t, 'POST', '/api/work-orders', { valveId: v.id, title: 'Lap the seat', priority: 'high' })
    ).json().id;
  });
  const sign = (password: string) =>
    send(
      t,
      'POST',
      '/api/signatures',
      { entityType: 'work_order', entityId: orderId, meaning: 'reviewed', password },
      { as: 'supervisor' },
    );

  it('counts with sign-in per account: past the limit both signing and sign-in refuse with when to retry', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(PERSONAS.supervisor, `guess ${i}`)).statusCode);
    for (let i = 0; i < 5; i++) statuses.push((await sign(`guess ${i}`)).statusCode);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(403)]);
    const signing = await sign(DEMO_PASSWORD);
    expect(signing.statusCode).toBe(429);
    expect(signing.json().message).toMatch(
      /^Too many failed sign-ins for this account: .* Try again in 1[45] minutes\.$/,
    );
    expect((await signIn(PERSONAS.supervisor, DEMO_PASSWORD)).statusCode).toBe(429);
    expect(mail.to(PERSONAS.supervisor).at(-1)?.subject).toBe('ValveOps: sign-in to your account is paused');
    expect((await t.get(`/api/signatures?entityType=work_order&entityId=${orderId}`)).json()).toEqual([]);
  });
});
