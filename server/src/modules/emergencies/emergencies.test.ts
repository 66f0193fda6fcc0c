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

  it('are cleared by a supervisor only, within the organization, with an all-clear note the plant is told', async () => {
    const [active] = (await t.get('/api/emergencies', 'supervisor')).json();
    const clear = (body: object, as: 'technician' | 'supervisor' | 'otherOrganization') =>
      send(t, 'POST', `/api/emergencies/${active.id}/clear`, body, { as });
    const note = 'Leak isolated at V-001-BV, gas readings zero; area reopened.';
    expect((await clear({ note }, 'technician')).statusCode).toBe(403);
    expect((await clear({ note }, 'otherOrganization')).statusCode).toBe(404);
    const cleared = await clear({ note }, 'supervisor');
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ clearedBy: { name: 'James Okafor' }, clearNote: note });
    expect((await clear({ note }, 'supervisor')).statusCode).toBe(404);
    expect((await t.get('/api/emergencies', 'technician')).json().map((e: { id: number }) => e.id)).not.toContain(
      active.id,
    );
    const bell = (await t.get('/api/notifications', 'technician')).json();
    expect(bell.items).toContainEqual(
      expect.objectContaining({
        kind: 'all-clear',
        title: `All clear in ${active.plant}`,
        body: `James Okafor: ${note}`,
      }),
    );
    expect((await send(t, 'POST', '/api/emergencies/abc/clear', { note }, { as: 'supervisor' })).statusCode).toBe(400);
  });

  it.each([{}, { note: '  ' }, { note: 'x'.repeat(501) }])(
    'refuse a clear without an all-clear note (%j) with 400 at the note',
    async (body) => {
      const [active] = (await t.get('/api/emergencies', 'supervisor')).json();
      const res = await send(t, 'POST', `/api/emergencies/${active.id}/clear`, body, { as: 'supervisor' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/: note (is required|must be at most 500)/);
      expect(res.json().issues[0].path).toBe('note');
      expect((await t.get('/api/emergencies', 'supervisor')).json()[0].clearedAt).toBeNull();
    },
  );
});
