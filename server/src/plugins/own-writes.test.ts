/**
 * A server's own write is seen by its next read, though the read is kept in memory and the database's notice of
 * the write travels on a connection of its own (PostgreSQL, TEST_DATABASE_URL) or within the process (PGlite).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../testing/send';
import { createTestApp, type TestContext } from '../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 4 });
});
afterAll(() => t.close());

describe('a write, then the kept reads it changed', () => {
  it('each inspection counts on the dashboard, and each edit shows in the valve, at once', async () => {
    let inspections = (await t.get('/api/dashboard/stats')).json().inspectionsToday;
    const valve = (await t.get('/api/valves/2')).json();
    let version = valve.version;
    for (let i = 0; i < 25; i++) {
      const recorded = await send(
        t,
        'POST',
        '/api/maintenance-records',
        { valveId: 2, type: 'inspection', description: `Rounds ${i}` },
        { as: 'technician' },
      );
      expect(recorded.statusCode).toBe(201);
      inspections += 1;
      expect((await t.get('/api/dashboard/stats')).json().inspectionsToday).toBe(inspections);

      const edited = await send(t, 'PATCH', '/api/valves/2', { version, location: `Bay ${i}` }, { as: 'engineer' });
      expect(edited.statusCode).toBe(200);
      version = edited.json().version;
      expect((await t.get('/api/valves/2')).json().location).toBe(`Bay ${i}`);
    }
  });
});
