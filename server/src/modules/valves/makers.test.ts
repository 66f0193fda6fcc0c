import { maker } from '@common/schemas/makers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
}, 120_000);
afterAll(() => t.close());

const valve = (valveId: string, manufacturer: string, model = 'V150') => ({
  valveId,
  type: 'Ball Valve',
  size: '4 in',
  pressure: 'Class 300',
  plant: 'Gas Plant B',
  location: 'Compressor hall',
  system: 'Fuel gas',
  manufacturer,
  model,
});

describe('GET /api/manufacturers', () => {
  it("lists the organization's manufacturers with their models and valve counts, for any role", async () => {
    const res = await t.get('/api/manufacturers', 'technician');
    expect(res.statusCode).toBe(200);
    const makers = res.json().map((m: unknown) => maker.parse(m));
    expect(makers.length).toBeGreaterThan(1);
    expect(makers.reduce((n: number, m: { valves: number }) => n + m.valves, 0)).toBe(12);
    for (const m of makers)
      expect(m.models.reduce((n: number, x: { valves: number }) => n + x.valves, 0)).toBe(m.valves);
  });
});

describe('a manufacturer typed another way', () => {
  it('takes the spelling in use when only case or spacing differ', async () => {
    expect(
      (await send(t, 'POST', '/api/valves', valve('XV-1001', 'Bayside  Valve Co', 'BV-2'), { as: 'engineer' }))
        .statusCode,
    ).toBe(201);
    const res = await send(t, 'POST', '/api/valves', valve('XV-1002', 'BAYSIDE VALVE CO', 'bv-2'), { as: 'engineer' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ manufacturer: 'Bayside  Valve Co', model: 'BV-2' });
  });

  it('is folded into another by an admin: every valve takes the kept spelling, and the list shows one maker', async () => {
    await send(t, 'POST', '/api/valves', valve('XV-1003', 'Bayside Valve Company'), { as: 'engineer' });
    const res = await send(
      t,
      'POST',
      '/api/manufacturers/merge',
      { from: 'bayside valve co', into: 'Bayside Valve Company' },
      { as: 'admin' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ merged: 2, into: 'Bayside Valve Company' });
    const makers = (await t.get('/api/manufacturers')).json();
    expect(makers.filter((m: { name: string }) => m.name.toLowerCase().startsWith('bayside'))).toEqual([
      {
        name: 'Bayside Valve Company',
        valves: 3,
        models: [
          { name: 'BV-2', valves: 2 },
          { name: 'V150', valves: 1 },
        ],
      },
    ]);
    // The valves' own history records the change.
    const [moved] = (await t.get('/api/valves?q=XV-1001')).json();
    const history = await t.get(`/api/history/valves/${moved.id}`);
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain('Bayside Valve Company');
  });

  it.each([
    [{ from: 'Nobody Valves', into: 'Fisher' }, 404, 'No valve of your organization is made by Nobody Valves.'],
    [{ from: 'Fisher', into: 'Fisher' }, 400, 'into must differ from from'],
    [{ from: '', into: 'Fisher' }, 400, 'from is required'],
    [{ from: 'Fisher' }, 400, 'into is required'],
  ])('refuses %j with %i', async (body, status, message) => {
    const res = await send(t, 'POST', '/api/manufacturers/merge', body, { as: 'admin' });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
  });

  it('refuses anyone but an admin with 403', async () => {
    for (const as of ['engineer', 'supervisor', 'technician'] as const) {
      const res = await send(t, 'POST', '/api/manufacturers/merge', { from: 'A', into: 'B' }, { as });
      expect(res.statusCode).toBe(403);
    }
  });
});
