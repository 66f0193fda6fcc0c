/**
 * Readings streamed over MQTT (enabled by MQTT_URL): topic `valveops/<organization slug>/<valve tag>/<channel>`,
 * where the channel is one of the spec's sensor types or any channel name, payload JSON
 * `{ "value": 1.8, "timestamp": "…Z", "quality": "good" }` (timestamp defaults to arrival, quality is derived when
 * absent; a channel other than a spec sensor needs `"unit": "L/min"`) or an array of such. Messages are buffered briefly and stored in one statement per
 * organization, as a batch from the API would be; bad messages are logged and dropped.
 */
import { SPEC_SENSOR_CHANNELS } from '@common/quantities';
import { channelName, sensorReadingFields } from '@common/schemas/analytics';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import { errorSummary } from '../../jobs';
import { HttpError } from '../../plugins/errors';
import { type Incoming, isSpecSensor } from './channels';
import { announceReadings } from './events';
import { knownValveIds, storeIncoming } from './service';

export const MQTT_INGEST = { root: 'valveops', flushMs: 1000, maxBuffered: 5000 };

const payloadReading = sensorReadingFields.pick({ value: true, quality: true, unit: true }).extend({
  timestamp: sensorReadingFields.shape.timestamp.optional(),
});
const payload = z.union([payloadReading, z.array(payloadReading).max(10_000)]);

type Pending = Omit<Incoming, 'index' | 'valveId'>;

export type MqttIngest = {
  ready: Promise<void>;
  flush: () => Promise<void>;
  stop: () => Promise<void>;
  /** Messages received so far, good or bad: how far behind the broker a publisher is (the bench paces by it). */
  received: () => number;
};

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
  let received = 0;
  const organizationIds = new Map<string, number | null>();

  const organizationId = async (slug: string) => {
    if (!organizationIds.has(slug)) {
      const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, slug));
      organizationIds.set(slug, row?.id ?? null);
    }
    return organizationIds.get(slug) ?? null;
  };

  /**
   * A reading in a unit its channel cannot take, or of an impossible value, is dropped with a warning; the others of
   * the batch are stored.
   */
  const storeSkippingRefused = async (orgId: number, incoming: Incoming[]) => {
    try {
      return await storeIncoming(db, orgId, incoming);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 400) throw error;
      const refused = new Set(
        (error.extra?.issues as { path: string }[] | undefined)?.map((i) => Number(i.path.split('.')[1])),
      );
      log.warn(
        { reason: error.message, dropped: refused.size },
        'MQTT readings refused (a wrong unit or an impossible value) dropped',
      );
      const rest = incoming.filter((r) => !refused.has(r.index)).map((r, index) => ({ ...r, index }));
      return refused.size && rest.length ? storeIncoming(db, orgId, rest) : { inserted: 0, updated: 0 };
    }
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
          const incoming = known.map((r, index) => ({ ...r, index, valveId: ids.get(r.tag) as number }));
          const { inserted, updated } = await storeSkippingRefused(orgId, incoming);
          if (inserted + updated > 0) {
            announceReadings({
              organizationId: orgId,
              valveIds: [...new Set(known.map((r) => ids.get(r.tag) as number))],
            });
          }
        } catch (error) {
          log.error({ error: errorSummary(error), slug }, 'MQTT readings could not be stored');
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
    received++;
    const [first, slug, tag, channel, ...rest] = topic.split('/');
    if (first !== root || rest.length || !channel || !channelName.safeParse(channel).success) {
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
    const readings = Array.isArray(parsed) ? parsed : [parsed];
    const spec = isSpecSensor(channel) ? SPEC_SENSOR_CHANNELS[channel].unit : null;
    if (!spec && readings.some((r) => !r.unit)) {
      log.warn({ topic }, 'MQTT message for a channel without a unit dropped');
      return;
    }
    for (const r of readings) {
      list.push({
        tag,
        name: channel,
        unit: r.unit ?? (spec as string),
        timestamp: r.timestamp ? new Date(r.timestamp) : new Date(),
        value: r.value,
        quality: r.quality,
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
    received: () => received,
    flush,
    stop: async () => {
      clearInterval(timer);
      await flush();
      await client.endAsync();
    },
  };
}
