import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t.close());

describe('an empty installation', () => {
  it('asks for set-up, offers no demo, and the first sign-up becomes its admin', async () => {
    const status = await t.get('/api/auth/status', null);
    expect(status.json()).toEqual({ needsSetup: true, demo: null });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        organizationName: 'Harbor Gas Terminal',
        name: 'Lee Park',
        email: 'lee@harbor.example',
        password: 'terminal-2026',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe('admin');
    expect((await t.get('/api/auth/status', null)).json().needsSetup).toBe(false);
  });
});
