import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

/** Emergencies on the demo plant, which starts with one in force in Power Plant A (raised by the supervisor). */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const reason = 'Steam leak at the boiler feed pump, area closed';

describe('emergencies', () => {
  it('start with the demo emergency: who raised it, when, which plant, why', async () => {
    const list = (await t.get('/api/emergencies', 'technician')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ plant: 'Power Plant A', raisedBy: { name: 'James Okafor' }, clearedAt: null });
    expect(list[0].reason).toContain('Gas detector alarm');
    expect((await t.get('/api/emergencies', 'otherOrganization')).json()).toEqual([]);
  });

  it('are raised by anyone for a plant, seen by that plant, and told under the bell', async () => {
    const res = await send(t, 'POST', '/api/emergencies', { plant: 'Gas Plant B', reason }, { as: 'technician' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ plant: 'Gas Plant B', reason, raisedBy: { name: 'Maria Santos' } });
    expect((await t.get('/api/emergencies', 'engineer')).json().map((e: { plant: string }) => e.plant)).toEqual([
      'Gas Plant B',
      'Power Plant A',
    ]);
    // The technician limited to Power Plant A does not see Gas Plant B's, nor is told of it.
    expect((await t.get('/api/emergencies', 'limited')).json()).toHaveLength(1);
    const bell = (await t.get('/api/notifications', 'engineer')).json();
    expect(bell.items[0]).toMatchObject({ kind: 'emergency', title: 'Emergency in Gas Plant B', read: false });
    const limitedBell = (await t.get('/api/notifications', 'limited')).json();
    expect(limitedBell.items.map((n: { title: string }) => n.title)).not.toContain('Emergency in Gas Plant B');
  });

  it.each([
    [{ plant: 'Gas Plant B' }, 'reason is required'],
    [{ plant: 'Gas Plant B', reason: '   ' }, 'reason is required'],
    [{ plant: 'Moon Base', reason }, 'plant must be one of'],
    [{ plant: 'Gas Plant B', reason: 'x'.repeat(501) }, 'reason must be at most 500 characters'],
  ])('refuse %j with 400', async (body, message) => {
    const res = await send(t, 'POST', '/api/emergencies', body, { as: 'technician' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('refuse a plant-limited user raising one elsewhere (404), and anyone signed out (401)', async () => {
    const res = await send(t, 'POST', '/api/emergencies', { plant: 'Gas Plant B', reason }, { as: 'limited' });
    expect(res.statusCode).toBe(404);
    expect((await t.get('/api/emergencies', null)).statusCode).toBe(401);
  });

  it('are cleared by a supervisor only, within the organization; the banner goes', async () => {
    const [active] = (await t.get('/api/emergencies', 'supervisor')).json();
    const byTechnician = await send(t, 'POST', `/api/emergencies/${active.id}/clear`, {}, { as: 'technician' });
    expect(byTechnician.statusCode).toBe(403);
    const foreign = await send(t, 'POST', `/api/emergencies/${active.id}/clear`, {}, { as: 'otherOrganization' });
    expect(foreign.statusCode).toBe(404);
    const cleared = await send(t, 'POST', `/api/emergencies/${active.id}/clear`, {}, { as: 'supervisor' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ clearedBy: { name: 'James Okafor' } });
    expect((await send(t, 'POST', `/api/emergencies/${active.id}/clear`, {}, { as: 'supervisor' })).statusCode).toBe(
      404,
    );
    expect((await t.get('/api/emergencies', 'technician')).json().map((e: { id: number }) => e.id)).not.toContain(
      active.id,
    );
    expect((await send(t, 'POST', '/api/emergencies/abc/clear', {}, { as: 'supervisor' })).statusCode).toBe(400);
  });
});
