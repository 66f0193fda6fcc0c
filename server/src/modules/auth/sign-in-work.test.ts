/**
 * Issue 27, item 12: a failed sign-in took 21 ms for an address with one account and 32 ms for one with two. The
 * work is now the same: a fixed number of password checks, padded with dummy ones. The count is tested, not the
 * time (timing belongs to benchmarks).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, PERSONAS, type TestContext } from '../../testing/test-app';
import { SIGN_IN_CHECKS } from './sign-in';

const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../lib/tokens', async (original) => {
  const real = await original<typeof import('../../lib/tokens')>();
  return {
    ...real,
    verifyPassword: (hash: string | null, password: string) => {
      checks.count++;
      return real.verifyPassword(hash, password);
    },
  };
});

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 2, trustProxy: ['127.0.0.1'] });
  // A second account at the contractor's address, in another organization (an admin made it: no sign-up limit).
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    payload: { name: 'Contract admin', email: PERSONAS.admin, role: 'technician', password: 'another passphrase' },
    headers: { cookie: await t.cookie('otherOrganization') },
  });
  expect(res.statusCode).toBe(201);
});
afterAll(() => t.close());

let client = 0;
async function checksOfFailedSignIn(email: string): Promise<number> {
  const before = checks.count;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password: 'not the password' },
    headers: { 'x-forwarded-for': `198.51.100.${++client}` },
  });
  expect(res.statusCode).toBe(401);
  return checks.count - before;
}

describe('a failed sign-in', () => {
  it('makes the same number of password checks for an address with no, one or two accounts', async () => {
    const counts = [
      await checksOfFailedSignIn('nobody@nowhere.example'),
      await checksOfFailedSignIn(PERSONAS.technician),
      await checksOfFailedSignIn(PERSONAS.admin),
    ];
    expect(counts).toEqual([SIGN_IN_CHECKS, SIGN_IN_CHECKS, SIGN_IN_CHECKS]);
  });
});
