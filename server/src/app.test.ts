import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 8 });
});
afterAll(() => t.close());

/** Every read endpoint with a place for arbitrary input. */
const endpoints: ((input: string) => string)[] = [
  (x) => `/api/valves/${x}`,
  (x) => `/api/valves/valve-id/${x}`,
  (x) => `/api/work-orders/${x}`,
  (x) => `/api/photos/${x}/image`,
  (x) => `/api/valves?plant=${x}`,
  (x) => `/api/valves?type=${x}&status=${x}`,
  (x) => `/api/valves?q=${x}`,
  (x) => `/api/valves?limit=${x}&cursor=${x}`,
  (x) => `/api/maintenance-records?valveId=${x}`,
  (x) => `/api/photos?valveId=${x}`,
  (x) => `/api/photos?workOrderId=${x}`,
  (x) => `/api/photos/1/image?size=${x}`,
];

const hostileInput = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }).map(String),
  fc.double().map(String),
  fc.constantFrom('', '0', '-0', '1e309', 'NaN', 'Infinity', '0x1F', "1' or '1'='1", '%00', '..%2F..%2Fetc', '%'),
);

describe('no input yields a server error', () => {
  it('answers any param or query value with a success or a 4xx carrying a message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), hostileInput, async (endpoint, raw) => {
        const res = await t.get(endpoint(encodeURIComponent(raw)));
        expect(res.statusCode, `${endpoint(raw)} → ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
      }),
      { numRuns: 300 },
    );
  });
});
