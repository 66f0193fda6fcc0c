import { asc, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelRollups, valves } from '../../db/schema';
import { SeededRandom } from '../../lib/seeded-random';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

/**
 * Gateways posting the same channels at once (a valve's loop read by two collectors, a backlog replayed beside the
 * live stream): on PostgreSQL the batches run side by side and used to deadlock on the rollups, answering 500 to
 * some. Every batch must land, and the rollups must count every reading once.
 */
let t: TestContext;
let tags: string[];
beforeAll(async () => {
  t = await createTestApp({ valves: 6 });
  const rows = await t.db
    .select({ valveId: valves.valveId })
    .from(valves)
    .where(eq(valves.organizationId, 1))
    .orderBy(asc(valves.id))
    .limit(4);
  tags = rows.map((r) => r.valveId);
});
afterAll(() => t.close());

const CHANNELS = ['flow', 'P1_upstream', 'P2_downstream', 'travel', 'command', 'motor_current'];
const UNITS: Record<string, string> = {
  flow: 'm3/h',
  P1_upstream: 'bar',
  P2_downstream: 'bar',
  travel: '%',
  command: '%',
  motor_current: 'A',
};
const base = Date.UTC(2027, 4, 2, 8, 0, 0);

describe('batches of the same channels at once', () => {
  it('all land, none deadlocks, and the rollups count each reading once', async () => {
    const random = new SeededRandom(19);
    // Twelve batches, each every channel of every valve for its own 90 seconds across two minutes, in its own order.
    const batches = Array.from({ length: 12 }, (_, b) => {
      const readings = tags.flatMap((tag) =>
        CHANNELS.flatMap((channel) =>
          Array.from({ length: 90 }, (_, s) => ({
            valveId: tag,
            channel,
            unit: UNITS[channel],
            timestamp: new Date(base + (b * 90 + s) * 1000).toISOString(),
            value: random.between(10, 15),
          })),
        ),
      );
      for (let i = readings.length - 1; i > 0; i--) {
        const j = random.int(0, i);
        [readings[i], readings[j]] = [readings[j], readings[i]];
      }
      return readings;
    });
    const answers = await Promise.all(batches.map((readings) => send(t, 'POST', '/api/sensor-readings', { readings })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    const [{ minutes, hours }] = await t.db
      .select({
        minutes: sql<number>`coalesce(sum(${channelRollups.count}) filter (where ${channelRollups.stepMs} = 60000), 0)::int`,
        hours: sql<number>`coalesce(sum(${channelRollups.count}) filter (where ${channelRollups.stepMs} = 3600000), 0)::int`,
      })
      .from(channelRollups)
      .where(gte(channelRollups.t, new Date(base)));
    expect([minutes, hours]).toEqual([
      12 * 90 * tags.length * CHANNELS.length,
      12 * 90 * tags.length * CHANNELS.length,
    ]);
  });
});
