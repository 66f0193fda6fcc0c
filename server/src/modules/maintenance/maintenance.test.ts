import { maintenanceRecord } from '@common/schemas/maintenance-records';
import { TEXTS } from '@common/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.get(url);

describe('GET /api/maintenance-records', () => {
  it("returns a valve's history newest first, the latest on the valve's lastMaintenance date or after", async () => {
    const res = await get('/api/maintenance-records?valveId=2');
    expect(res.statusCode).toBe(200);
    const records = res.json() as ReturnType<typeof maintenanceRecord.parse>[];
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) {
      maintenanceRecord.strict().parse(r);
      expect(r.valveId).toBe(2);
    }
    const times = records.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const valve = (await get('/api/valves/2')).json();
    expect(times[0].slice(0, 10) >= valve.lastMaintenance).toBe(true);
  });

  it.each([
    ['', 400, 'valveId must be a number'],
    ['?valveId=', 400, 'valveId must be a positive number'],
    ['?valveId=abc', 400, 'valveId must be a number'],
    ['?valveId=3000000000', 400, 'valveId is too large'],
    ['?valveId=999999', 404, TEXTS.valves.notFound],
    ['?valveId=13', 404, TEXTS.valves.notFound],
  ])('GET /api/maintenance-records%s → %i', async (query, status, message) => {
    const res = await get(`/api/maintenance-records${query}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
  });
});
