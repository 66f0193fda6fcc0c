import { and, asc, eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelReadings, organizations, sensorReadings, valveChannels, valves } from '../../db/schema';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { onReadings } from './events';
import { type MqttIngest, startMqttIngest } from './mqtt';

/** The Mosquitto broker on this machine. */
const BROKER = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
/** A root of its own, so parallel runs (or a dev server on the same broker) never see these messages. */
const root = `valveops-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

let t: TestContext;
let ingest: MqttIngest;
let publisher: mqtt.MqttClient;
let slug: string;
let valve: { id: number; valveId: string };
const warnings: string[] = [];
const log = { info: () => {}, error: () => {}, warn: (_: unknown, message: string) => warnings.push(message) };

beforeAll(async () => {
  t = await createTestApp({ valves: 6 });
  const [org] = await t.db.select().from(organizations).orderBy(asc(organizations.id)).limit(1);
  slug = org.slug;
  const [v] = await t.db.select().from(valves).where(eq(valves.organizationId, org.id)).orderBy(asc(valves.id));
  valve = v;
  ingest = startMqttIngest(t.db, BROKER, log as never, { root });
  await ingest.ready;
  publisher = await mqtt.connectAsync(BROKER);
});
afterAll(async () => {
  await publisher?.endAsync();
  await ingest?.stop();
  await t.close();
});

const at = (hour: number) => new Date(Date.UTC(2027, 2, 1, hour));
async function storedAt(timestamp: Date, sensorType = 'vibration') {
  return t.db
    .select()
    .from(sensorReadings)
    .where(
      and(
        eq(sensorReadings.valveId, valve.id),
        eq(sensorReadings.sensorType, sensorType),
        eq(sensorReadings.timestamp, timestamp),
      ),
    );
}
async function eventually<T>(probe: () => Promise<T[]>, timeoutMs = 5000): Promise<T[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await probe();
    if (rows.length || Date.now() > until) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('MQTT readings', () => {
  it('stores a reading published on valveops/<org>/<valve>/<sensor> and announces it', async () => {
    const announced: number[][] = [];
    const stop = onReadings((e) => announced.push(e.valveIds));
    await publisher.publishAsync(
      `${root}/${slug}/${valve.valveId}/vibration`,
      JSON.stringify({ value: 3.4, timestamp: at(1).toISOString() }),
      { qos: 1 },
    );
    const rows = await eventually(() => storedAt(at(1)));
    stop();
    expect(rows).toEqual([expect.objectContaining({ value: 3.4, quality: 'warning', valveId: valve.id })]);
    expect(announced).toContainEqual([valve.id]);
  });

  it('takes an array of readings and skips one stored already', async () => {
    const body = [
      { value: 410.5, timestamp: at(2).toISOString(), quality: 'good' },
      { value: 411.5, timestamp: at(3).toISOString() },
    ];
    await publisher.publishAsync(`${root}/${slug}/${valve.valveId}/temperature`, JSON.stringify(body), { qos: 1 });
    await publisher.publishAsync(`${root}/${slug}/${valve.valveId}/temperature`, JSON.stringify(body), { qos: 1 });
    const rows = await eventually(() => storedAt(at(3), 'temperature'));
    expect(rows).toHaveLength(1);
    await ingest.flush();
    expect(await storedAt(at(2), 'temperature')).toHaveLength(1);
  });

  it('takes any channel with its unit on valveops/<org>/<valve>/<channel>, and drops a unit of another quantity', async () => {
    warnings.length = 0;
    const topic = `${root}/${slug}/${valve.valveId}/flow_main`;
    await publisher.publishAsync(topic, JSON.stringify({ value: 600, unit: 'L/min', timestamp: at(6).toISOString() }));
    await ingest.flush();
    await publisher.publishAsync(
      topic,
      JSON.stringify([
        { value: 30, unit: 'm3/h', timestamp: at(7).toISOString() },
        { value: 5, unit: 'A', timestamp: at(8).toISOString() },
      ]),
    );
    const rows = await eventually(async () => {
      const found = await t.db
        .select({ value: channelReadings.value })
        .from(channelReadings)
        .innerJoin(valveChannels, eq(valveChannels.id, channelReadings.channelId))
        .where(and(eq(valveChannels.valveId, valve.id), eq(valveChannels.name, 'flow_main')))
        .orderBy(asc(channelReadings.timestamp));
      return found.length >= 2 ? found : [];
    });
    expect(rows.map((r) => Math.round(r.value))).toEqual([36, 30]);
    expect(warnings).toContain('MQTT readings refused (a wrong unit or an impossible value) dropped');
  });

  it('drops bad messages with a warning and keeps going', async () => {
    warnings.length = 0;
    await publisher.publishAsync(`${root}/${slug}/${valve.valveId}/vibration`, 'not json', { qos: 1 });
    await publisher.publishAsync(`${root}/${slug}/${valve.valveId}/vibration`, JSON.stringify({ value: 'high' }), {
      qos: 1,
    });
    await publisher.publishAsync(`${root}/${slug}/${valve.valveId}/flow`, JSON.stringify({ value: 1 }), { qos: 1 });
    await publisher.publishAsync(`${root}/${slug}/${valve.valveId}/!flow`, JSON.stringify({ value: 1 }), { qos: 1 });
    await publisher.publishAsync(
      `${root}/${slug}/V-999-BV/vibration`,
      JSON.stringify({ value: 1, timestamp: at(4).toISOString() }),
      { qos: 1 },
    );
    await publisher.publishAsync(
      `${root}/no-such-org/${valve.valveId}/vibration`,
      JSON.stringify({ value: 1, timestamp: at(4).toISOString() }),
      { qos: 1 },
    );
    await publisher.publishAsync(
      `${root}/${slug}/${valve.valveId}/vibration`,
      JSON.stringify({ value: 1.1, timestamp: at(5).toISOString() }),
      { qos: 1 },
    );
    expect(await eventually(() => storedAt(at(5)))).toHaveLength(1);
    await ingest.flush();
    expect(await storedAt(at(4))).toHaveLength(0);
    expect(warnings).toEqual(
      expect.arrayContaining([
        'MQTT message with a bad payload dropped',
        'MQTT message on an unexpected topic dropped',
        'MQTT message for a channel without a unit dropped',
        'MQTT readings for unknown valves dropped',
        'MQTT readings for an unknown organization dropped',
      ]),
    );
    expect(warnings.filter((w) => w === 'MQTT message with a bad payload dropped')).toHaveLength(2);
  });
});
