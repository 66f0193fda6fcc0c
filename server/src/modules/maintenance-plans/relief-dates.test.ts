import type { Plan } from '@common/schemas/maintenance-plans';
import type { ReliefTag } from '@common/schemas/relief-valves';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

/* Issue 28, one due date: a plan on a valve that has a relief tag shows the tag's test date beside its own. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a plan on a relief valve', () => {
  it("carries the relief tag's next test date, from the tag's interval; a plan on a plain valve carries none", async () => {
    const tags = (await t.get('/api/relief-valves/tags')).json() as ReliefTag[];
    const tag = tags.find((x) => x.valve && x.nextDueOn) as ReliefTag;
    const plan = (valveId: number) =>
      send(
        t,
        'POST',
        '/api/maintenance-plans',
        {
          title: `Actuator check ${valveId}`,
          priority: 'medium',
          target: { valveId },
          trigger: { kind: 'calendar', every: { count: 6, unit: 'month' }, startDate: '2027-01-04' },
          leadDays: 7,
          timeZone: 'America/Chicago',
        },
        { as: 'supervisor' },
      );
    const created = await plan(tag.valve?.id as number);
    expect(created.statusCode).toBe(201);
    expect((created.json() as Plan).reliefTests).toEqual([{ tag: tag.tag, nextDueOn: tag.nextDueOn }]);
    const listed = ((await t.get('/api/maintenance-plans')).json() as Plan[]).find((p) => p.id === created.json().id);
    expect(listed?.reliefTests).toEqual([{ tag: tag.tag, nextDueOn: tag.nextDueOn }]);

    const valves = (await t.get('/api/valves?type=Gate%20Valve')).json() as { id: number }[];
    const plain = await plan(valves[0].id);
    expect((plain.json() as Plan).reliefTests).toEqual([]);
    // Another plant's tag is not told to a plant-limited user who cannot read it.
    const limited = (await t.get('/api/maintenance-plans', 'limited')).json() as Plan[];
    for (const p of limited)
      for (const r of p.reliefTests) expect(tags.find((x) => x.tag === r.tag)?.plant).toBe('Power Plant A');
  });
});
