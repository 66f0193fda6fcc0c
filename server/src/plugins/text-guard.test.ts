/** Issue 27, item 6: a body nested 10,000 deep answered 500 on every JSON route (the text walk overflowed). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../testing/test-app';
import { findUnsafeText, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from './text-guard';

/** `{"a":{"a":…}}` nested `depth` deep, as text: building it as an object and stringifying would recurse too. */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('findUnsafeText', () => {
  it('walks 100,000 levels without overflowing and names the depth limit', () => {
    const found = findUnsafeText(JSON.parse(nested(100_000)));
    expect(found?.message).toBe(TOO_DEEP_MESSAGE);
    expect(found?.path).toHaveLength(MAX_JSON_DEPTH);
  });

  it('passes a body at the limit and still finds a NUL in the first field first', () => {
    expect(findUnsafeText(JSON.parse(nested(MAX_JSON_DEPTH - 1)))).toBeNull();
    expect(findUnsafeText({ a: 'x\u0000', b: { c: '\ud800' } })?.path).toEqual(['a']);
    expect(findUnsafeText({ a: 'fine', b: { c: '\ud800' } })?.path).toEqual(['b', 'c']);
  });
});

describe('deeply nested JSON bodies', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ valves: 2 });
  });
  afterAll(() => t.close());

  it('is a 400 on sign-in, signed out', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: nested(10_000),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(TOO_DEEP_MESSAGE);
  });

  it('is a 400 on a signed-in write', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/valves',
      headers: { 'content-type': 'application/json', cookie: await t.cookie('admin') },
      payload: nested(10_000),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(TOO_DEEP_MESSAGE);
  });
});
