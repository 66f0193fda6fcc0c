import { forecast as forecastSchema } from '@common/schemas/maintenance-plans';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valves } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

let t: TestContext;
let inPlantA: { id: number; valveId: string };
let elsewhere: { id: number; valveId: string; plant: string };
beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  const first = (where: ReturnType<typeof and>) =>
    t.db.select({ id: valves.id, valveId: valves.valveId, plant: valves.plant }).from(valves).where(where).limit(1);
  [inPlantA] = await first(and(eq(valves.organizationId, 1), eq(valves.plant, 'Power Plant A')));
  [elsewhere] = await first(and(eq(valves.organizationId, 1), ne(valves.plant, 'Power Plant A')));
}, 120_000);
afterAll(() => t.close());

const plan = (title: string, target: object, trigger: object) =>
  send(t, 'POST', '/api/maintenance-plans', { title, target, trigger, timeZone: 'America/Chicago' });
const calendar = { kind: 'calendar', every: { count: 1, unit: 'month' }, startDate: '2027-01-15' };
const condition = { kind: 'condition', measure: 'health_score', threshold: 40 };

describe('plans by plant, and condition plans in the forecast', () => {
  it('lists condition plans "on condition", apart from the dated occurrences', async () => {
    const watched = (await plan('Watch the health score', { valveTags: [inPlantA.valveId] }, condition)).json();
    const forecast = forecastSchema.parse((await t.get('/api/maintenance-plans/forecast')).json());
    expect(forecast.onCondition).toContainEqual({
      planId: watched.id,
      planTitle: 'Watch the health score',
      priority: 'medium',
      measure: 'health_score',
      threshold: 40,
      valveCount: 1,
      valveTags: [inPlantA.valveId],
    });
    expect(forecast.occurrences.some((o) => o.planId === watched.id)).toBe(false);
    expect((await t.get('/api/maintenance-plans/forecast?months=0')).statusCode).toBe(400);
  });

  it("shows a plant-limited user only their plants' plans; another plant's is 404 to them", async () => {
    const ours = (await plan('Monthly check, plant A', { valveTags: [inPlantA.valveId] }, calendar)).json();
    const theirs = (
      await plan(`Monthly check, ${elsewhere.plant}`, { valveTags: [elsewhere.valveId] }, calendar)
    ).json();
    const seen = (await t.get('/api/maintenance-plans', 'limited')).json().map((p: { id: number }) => p.id);
    expect(seen).toContain(ours.id);
    expect(seen).not.toContain(theirs.id);
    expect((await t.get(`/api/maintenance-plans/${theirs.id}`, 'limited')).statusCode).toBe(404);
    expect((await t.get(`/api/maintenance-plans/${theirs.id}`, 'supervisor')).statusCode).toBe(200);
    // Its history too: the audit trail of a plan is read by those who may read the plan.
    expect((await t.get(`/api/history/maintenance-plans/${theirs.id}`, 'limited')).statusCode).toBe(404);
    expect((await t.get(`/api/history/maintenance-plans/${ours.id}`, 'limited')).statusCode).toBe(200);
    expect((await t.get(`/api/history/maintenance-plans/${theirs.id}`, 'supervisor')).statusCode).toBe(200);
    const forecast = forecastSchema.parse((await t.get('/api/maintenance-plans/forecast', 'limited')).json());
    expect(forecast.occurrences.every((o) => o.plant === 'Power Plant A')).toBe(true);
    expect(forecast.occurrences.some((o) => o.planId === ours.id)).toBe(true);
  });
});
