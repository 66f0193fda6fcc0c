/**
 * Readings streamed over MQTT (enabled by MQTT_URL): topic `valveops/<organization slug>/<valve tag>/<sensor type>`,
 * payload JSON `{ "value": 1.8, "timestamp": "…Z", "quality": "good" }` (timestamp defaults to arrival, quality
 * is derived when absent) or an array of such. Messages are buffered briefly and stored in one statement per
 * organization, as a batch from the API would be; bad messages are logged and dropped.
 */
import { SENSOR_TYPES, type SensorType } from '@common/constants';
import { sensorReadingInput } from '@common/schemas/analytics';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import { announceReadings } from './events';
import { derivedQuality, knownValveIds, storeReadings } from './service';

export const MQTT_INGEST = { root: 'valveops', flushMs: 1000, maxBuffered: 5000 };

const payloadReading = sensorReadingInput.pick({ value: true, quality: true }).extend({
  timestamp: sensorReadingInput.shape.timestamp.optional(),
});
const payload = z.union([payloadReading, z.array(payloadReading).max(10_000)]);

type Pending = { tag: string; sensorType: SensorType; timestamp: Date; value: number; quality: string };

export type MqttIngest = { ready: Promise<void>; flush: () => Promise<void>; stop: () => Promise<void> };

export function startMqttIngest(
  db: Database,
  url: string,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  options: { root?: string } = {},
): MqttIngest {
  const root = options.root ?? MQTT_INGEST.root;
  const client = mqtt.connect(url, { reconnectPeriod: 5000, clean: true });
  const buffered = new Map<string, Pending[]>();
  let size = 0;
  const organizationIds = new Map<string, number | null>();

  const organizationId = async (slug: string) => {
    if (!organizationIds.has(slug)) {
      const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, slug));
      organizationIds.set(slug, row?.id ?? null);
    }
    return organizationIds.get(slug) ?? null;
  };

  let flushing: Promise<void> = Promise.resolve();
  const flush = () => {
    const batches = [...buffered];
    buffered.clear();
    size = 0;
    flushing = flushing.then(async () => {
      for (const [slug, readings] of batches) {
        try {
          const orgId = await organizationId(slug);
          if (orgId === null) {
            log.warn({ slug, readings: readings.length }, 'MQTT readings for an unknown organization dropped');
            continue;
          }
          const ids = await knownValveIds(
            db,
            { organizationId: orgId, plants: null },
            readings.map((r) => r.tag),
          );
          const known = readings.filter((r) => ids.has(r.tag));
          if (known.length < readings.length) {
            const unknown = [...new Set(readings.filter((r) => !ids.has(r.tag)).map((r) => r.tag))];
            log.warn({ slug, unknown }, 'MQTT readings for unknown valves dropped');
          }
          const inserted = await storeReadings(
            db,
            orgId,
            known.map((r) => ({ ...r, valveId: ids.get(r.tag) as number })),
          );
          if (inserted > 0) {
            announceReadings({
              organizationId: orgId,
              valveIds: [...new Set(known.map((r) => ids.get(r.tag) as number))],
            });
          }
        } catch (error) {
          log.error({ err: error, slug }, 'MQTT readings could not be stored');
        }
      }
    });
    return flushing;
  };
  const timer = setInterval(() => {
    if (size > 0) void flush();
  }, MQTT_INGEST.flushMs);
  timer.unref();

  client.on('message', (topic, message) => {
    const [first, slug, tag, sensorType, ...rest] = topic.split('/');
    if (first !== root || rest.length || !(SENSOR_TYPES as readonly string[]).includes(sensorType)) {
      log.warn({ topic }, 'MQTT message on an unexpected topic dropped');
      return;
    }
    let parsed: z.infer<typeof payload>;
    try {
      const result = payload.safeParse(JSON.parse(message.toString('utf8')));
      if (!result.success)
        throw new Error(result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; '));
      parsed = result.data;
    } catch (error) {
      log.warn({ topic, reason: (error as Error).message }, 'MQTT message with a bad payload dropped');
      return;
    }
    const list = buffered.get(slug) ?? [];
    for (const r of Array.isArray(parsed) ? parsed : [parsed]) {
      const type = sensorType as SensorType;
      list.push({
        tag,
        sensorType: type,
        timestamp: r.timestamp ? new Date(r.timestamp) : new Date(),
        value: r.value,
        quality: derivedQuality({ ...r, sensorType: type }),
      });
    }
    size += Array.isArray(parsed) ? parsed.length : 1;
    buffered.set(slug, list);
    if (size >= MQTT_INGEST.maxBuffered) void flush();
  });
  client.on('error', (error) => log.error({ err: error }, 'MQTT connection error'));

  const ready = new Promise<void>((resolve) => {
    client.on('connect', () => {
      client.subscribe(`${root}/+/+/+`, { qos: 1 }, (error) => {
        if (error) log.error({ err: error }, 'MQTT subscribe failed');
        else log.info({ url: url.replace(/\/\/[^@]*@/, '//'), topic: `${root}/+/+/+` }, 'MQTT readings subscribed');
        resolve();
      });
    });
  });

  return {
    ready,
    flush,
    stop: async () => {
      clearInterval(timer);
      await flush();
      await client.endAsync();
    },
  };
}
