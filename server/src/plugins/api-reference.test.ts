import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t.close());

describe('GET /api/docs', () => {
  it('serves the API reference without a session, drawn from the OpenAPI document with token auth', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger-ui');
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    const document = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const openapi = document.json();
    expect(openapi.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/api/api-tokens', '/api/imports/valves']));
    // Its pages load their own scripts and styles only: the app's CSP is sent with them and holds.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });
});
