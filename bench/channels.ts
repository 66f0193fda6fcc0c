/**
 * Channel figures (issue 19), printed, never gated on time, on PostgreSQL (BENCH_PG_URL, the admin connection; the
 * bench makes and drops its own databases named after it):
 *  - recompute: V valves × 8 channels holding a day of 1 Hz history each (V × 691,200 raw readings' worth; V =
 *    1,000 by default). The per-minute and per-hour rollups are seeded directly by COPY from simulated days, as
 *    ingest would have left them: inserting 691 M raw rows is not what is measured, and the engine reads the
 *    rollups, never the raw rows. Printed: rollup rows read, time end to end (read, assess, store).
 *  - ingest: 1 Hz streams of V valves × 8 channels (8 V readings a second) through POST /api/sensor-readings (real
 *    HTTP, one batch per second of data) and through MQTT (one message per reading on the local Mosquitto, paced in
 *    windows so the broker's per-client queue never drops), each with its rollups, next to a bare COPY of the same
 *    number of rows into channel_readings (psql \copy) in the same run.
 * Memory stays bounded: COPY text is streamed valve by valve with back-pressure, never built whole.
 * Scale: `--valves` (default: 300 recomputed, 1,000 streamed; see DEFAULT_RECOMPUTE_VALVES) and `--seconds` of
 * streamed data (default 10); with a time budget
 * (`--budget`, default 240 s) the recompute stops after the chunk that passes its share and says how many it did.
 * Run alone with `npx tsx bench/channels.ts [--valves n] [--seconds s]` or `npm run bench -- --only channels`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { QUANTITIES } from '@common/quantities';
import { asc, eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/db/client';
import { organizations, users, valves } from '../server/src/db/schema';
import { generateDemoData } from '../server/src/demo/generate';
import { createSession } from '../server/src/lib/sessions';
import { directoryFiles } from '../server/src/lib/stored-files';
import { recomputeOrganization } from '../server/src/modules/analytics';
import { DEFAULT_RUN, rollUp, simulateRun } from '../server/src/modules/analytics/engine';
import { startMqttIngest } from '../server/src/modules/sensor-readings';
import { SESSION_COOKIE } from '../server/src/plugins/session';
import { vsLast } from './last-run';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MQTT_URL = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const FULL_VALVES = 1000;
const DAY = 86_400_000;
const MINUTE = 60_000;
const HOUR = 3_600_000;
/** Valves recomputed per call: the recompute's own chunk, so the budget is checked between its transactions. */
const RECOMPUTE_CHUNK = 200;
/** MQTT messages in flight at once: well under Mosquitto's default queue of 1,000 per client (max_queued_messages). */
const MQTT_WINDOW = 500;

/**
 * The recompute's default scale: seeding 11.7 M rollup rows and recomputing 1,000 valves take about 6 minutes on
 * the shared 2-core machine (measured: 130 s and 307 ms/valve), so by default 300 valves are recomputed and the
 * figure for 1,000 is extrapolated from them and printed as such; `valves: 1000` runs the full scale.
 */
const DEFAULT_RECOMPUTE_VALVES = 300;

export type ChannelsBenchOptions = { valves?: number; seconds?: number; budgetS?: number };

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const rate = (count: number, ms: number) => n((count / ms) * 1000);

/** A database of the bench's own, named after the admin connection's (so parallel users of one server differ). */
async function withDatabase<T>(suffix: string, work: (url: string) => Promise<T>): Promise<T> {
  const url = new URL(ADMIN_URL);
  const name = `${url.pathname.slice(1) || 'valveops'}_${suffix}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** A small demo organization, its first valve cloned to `count` valves (V-1000-GL …) by SQL. */
async function plantOf(url: string, count: number) {
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  const uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'valveops-bench-channels-'));
  await generateDemoData(database.db, { valves: 8, files: directoryFiles(uploadsDir) });
  const db = database.db;
  const client = new pg.Client({ connectionString: url });
  // The database is dropped with force at the end: a connection cut then must not crash the run.
  client.on('error', () => {});
  await client.connect();
  const columns = (
    await client.query(
      `select column_name from information_schema.columns where table_name = 'valves' and column_name not in ('id', 'valve_id') and is_generated = 'NEVER' order by ordinal_position`,
    )
  ).rows.map((r) => `"${r.column_name}"`);
  await client.query(
    `insert into valves (valve_id, ${columns.join(',')})
     select 'V-' || (999 + g) || '-GL', ${columns.map((c) => (c === '"status"' ? `'active'` : `v.${c}`)).join(',')}
     from valves v, generate_series(1, $1) g where v.id = (select min(id) from valves where organization_id = 1)`,
    [count],
  );
  const list = await db
    .select({ id: valves.id, valveId: valves.valveId })
    .from(valves)
    .where(sql`${valves.valveId} like 'V-____-GL' and ${valves.organizationId} = 1`)
    .orderBy(asc(valves.id));
  const [org] = await db.select({ slug: organizations.slug }).from(organizations).where(eq(organizations.id, 1));
  const close = async () => {
    await client.end();
    await database.close();
    await rm(uploadsDir, { recursive: true, force: true });
  };
  return { db, client, list, slug: org.slug, uploadsDir, close };
}

/**
 * A bare COPY into a table through psql (no statement parsing, no conflict handling), fed chunk by chunk with
 * back-pressure so the text never sits whole in memory.
 */
export async function copyThroughPsql(
  url: string,
  table: string,
  chunks: Iterable<string>,
  { seeding = false } = {},
): Promise<void> {
  // Seeding skips the foreign-key triggers (session_replication_role, superuser): the ids are made consistent here.
  const setup = seeding ? ['-c', 'set session_replication_role = replica'] : [];
  const child = spawn('psql', [url, '-q', '-v', 'ON_ERROR_STOP=1', ...setup, '-c', `\\copy ${table} from stdin`], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (d) => {
    errors += d;
  });
  const closed = new Promise<void>((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`psql \\copy ${table}: ${errors}`)))),
  );
  child.stdin.on('error', () => {});
  for (const chunk of chunks) {
    if (child.exitCode !== null) break;
    if (!child.stdin.write(chunk)) await Promise.race([once(child.stdin, 'drain'), closed]);
  }
  child.stdin.end();
  await closed;
}

/** COPY lines of one simulated day's rollups per channel, without the channel id (prepended per valve). */
function rollupLinesOfDay(seed: number, dayStart: number): string[][] {
  const run = simulateRun({ ...DEFAULT_RUN, seed, durationS: 86_400, referenceS: 8 * 3600, start: dayStart });
  return run.channels.map((c) => {
    const readings = Array.from(c.values, (v, i) => ({ t: run.times[i], v }));
    const lines: string[] = [];
    for (const stepMs of [MINUTE, HOUR]) {
      for (const b of rollUp(readings, stepMs)) {
        const t = new Date(b.t).toISOString();
        // The last reading of a full 1 Hz bucket is its last second.
        const lastAt = new Date(b.t + Math.min(stepMs, b.count * 1000) - 1000).toISOString();
        lines.push(`\t${stepMs}\t${t}\t${b.count}\t${b.mean * b.count}\t${b.min}\t${b.max}\t${b.last}\t${lastAt}\n`);
      }
    }
    return lines;
  });
}

async function recompute(valveCount: number, budgetS: number) {
  return withDatabase('channels_recompute', async (url) => {
    const plant = await plantOf(url, valveCount);
    try {
      return await recomputeOn(url, plant, budgetS);
    } finally {
      await plant.close();
    }
  });
}

async function recomputeOn(url: string, plant: Awaited<ReturnType<typeof plantOf>>, budgetS: number) {
  {
    const { db, client, list } = plant;
    const now = Date.UTC(2031, 0, 2);
    // Four simulated days (8 channels, 1 Hz, healthy first 8 hours, faults after), each valve one of them.
    const days = [1, 2, 3, 4].map((seed) => rollupLinesOfDay(seed, now - DAY));
    const names = simulateRun({ ...DEFAULT_RUN, seed: 1, durationS: 60, referenceS: 20 }).channels;
    console.log(
      `channels recompute: seeding the rollups of ${n(list.length)} valves × 8 channels × a day at 1 Hz by COPY ` +
        '(as ingest leaves them; the raw rows are not inserted)...',
    );
    const seedStarted = performance.now();
    // Channel ids in order, valve by valve, after the demo's own channels: valve v's channel c is first + v * 8 + c + 1.
    const [{ first }] = (await client.query('select coalesce(max(id), 0)::int as first from valve_channels')).rows;
    await copyThroughPsql(
      url,
      'valve_channels (id, organization_id, valve_id, name, quantity, unit, created_at)',
      list.map((valve, v) =>
        names
          .map(
            (c, i) =>
              `${first + v * 8 + i + 1}\t1\t${valve.id}\t${c.name}\t${c.quantity}\t${QUANTITIES[c.quantity].unit}\t2031-01-01T00:00:00Z\n`,
          )
          .join(''),
      ),
    );
    let rollupRows = 0;
    function* rollupChunks() {
      for (let v = 0; v < list.length; v++) {
        const day = days[v % days.length];
        const parts: string[] = [];
        for (let c = 0; c < day.length; c++) {
          const id = String(first + v * 8 + c + 1);
          for (const line of day[c]) parts.push(id + line);
        }
        rollupRows += parts.length;
        yield parts.join('');
      }
    }
    await copyThroughPsql(url, 'channel_rollups', rollupChunks(), { seeding: true });
    await client.query(`select setval('valve_channels_id_seq', ${first + list.length * 8})`);
    await client.query('analyze valve_channels; analyze channel_rollups');
    const seedS = (performance.now() - seedStarted) / 1000;
    console.log(
      `  seeded ${n(rollupRows)} rollup rows (per minute and per hour) standing for ${n(list.length * 8 * 86_400)} raw ` +
        `readings in ${seedS.toFixed(1)} s`,
    );

    // The valves in the recompute's own chunks, so a budget can stop between them; the clones first, then the
    // demo's own few valves are left out (they have the hourly three-sensor path, not this one).
    const stats = { rowsRead: 0 };
    const started = performance.now();
    let done = 0;
    while (done < list.length) {
      const only = list.slice(done, done + RECOMPUTE_CHUNK).map((v) => v.id);
      done += await recomputeOrganization(db, 1, { now: new Date(now), stats, only });
      if ((performance.now() - started) / 1000 > budgetS && done < list.length) break;
    }
    const ms = performance.now() - started;
    const [episodes] = (await client.query('select count(*)::int as n from anomaly_episodes')).rows;
    const scale = done < list.length ? ` (stopped by the ${budgetS} s budget: ${n(done)} of ${n(list.length)})` : '';
    const extrapolated =
      done < FULL_VALVES
        ? `\n  scaled down: for ${n(FULL_VALVES)} valves that is about ${(((ms / done) * FULL_VALVES) / 1000).toFixed(0)} s ` +
          `(extrapolated, not measured) and ${n((stats.rowsRead / done) * FULL_VALVES)} rollup rows`
        : '';
    console.log(
      `  recompute ${n(done)} valves × 8 channels on PostgreSQL${scale}: ${(ms / 1000).toFixed(1)} s end to end ` +
        `(${(ms / done).toFixed(1)} ms/valve${vsLast('channels | recompute ms/valve', ms / done, 1)}: read, assess, store); read ${n(stats.rowsRead)} rollup rows ` +
        `(${n(stats.rowsRead / done)} a valve, the minute rollup) for ${n(done * 8 * 86_400)} raw readings' worth; ` +
        `${episodes.n} anomaly episodes stored${extrapolated}`,
    );
    return { valves: done, of: list.length, seedS, rollupRows, seconds: ms / 1000, rowsRead: stats.rowsRead };
  }
}

const CHANNELS = [
  'P1_upstream',
  'P2_downstream',
  'flow',
  'position_command',
  'travel_feedback',
  'actuator_supply',
  'motor_current',
  'vibration_accel',
];
const UNITS = ['bar', 'bar', 'm3/h', '%', '%', 'bar', 'A', 'g'];

async function ingest(valveCount: number, seconds: number) {
  return withDatabase('channels_ingest', async (url) => {
    const plant = await plantOf(url, valveCount);
    try {
      return await ingestOn(url, plant, seconds);
    } finally {
      await plant.close();
    }
  });
}

async function ingestOn(url: string, plant: Awaited<ReturnType<typeof plantOf>>, seconds: number) {
  {
    const { db, client, list, slug, uploadsDir } = plant;
    const start = Date.UTC(2031, 0, 1);
    // The month's partition exists, as the readings-partitions job makes it ahead of a plant's readings.
    await client.query(`select readings_make_partition('channel_readings', $1)`, [new Date(start)]);
    const value = (v: number, c: number, s: number) => 10 + ((v * 7 + c * 13 + s) % 50) / 10;
    const second = (s: number) =>
      list.flatMap((valve, v) =>
        CHANNELS.map((channel, c) => ({
          valveId: valve.valveId,
          timestamp: new Date(start + s * 1000).toISOString(),
          channel,
          unit: UNITS[c],
          value: value(v, c, s),
        })),
      );
    const perSecond = list.length * CHANNELS.length;
    const total = seconds * perSecond;
    const countRows = async () =>
      Number((await client.query('select count(*)::int as n from channel_readings')).rows[0].n);

    // The API over real HTTP, signed in as the supervisor; one batch per second of data. The first second creates
    // the channels and is left out of the figure.
    const app = await buildApp({
      db,
      config: {
        uploadsDir,
        clientDist: path.join(uploadsDir, 'none'),
        demo: true,
        trustProxy: false,
        checkReplies: false,
      },
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const [supervisor] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'supervisor@northfield.example'));
    const { token } = await createSession(db, supervisor.id);
    const post = async (s: number) => {
      const res = await fetch(`${address}/api/sensor-readings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}` },
        body: JSON.stringify({ readings: second(s) }),
      });
      if (!res.ok) throw new Error(`POST /api/sensor-readings: ${res.status} ${await res.text()}`);
    };
    await post(0);
    let started = performance.now();
    for (let s = 1; s <= seconds; s++) await post(s);
    const apiMs = performance.now() - started;
    // The bulk path, as a gateway would use it: one CSV file a second of data (decisions/125).
    const postCsv = async (s: number) => {
      const res = await fetch(`${address}/api/sensor-readings/bulk`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv', cookie: `${SESSION_COOKIE}=${token}` },
        body: [
          'valveId,timestamp,channel,unit,value',
          ...second(s).map((r) => `${r.valveId},${r.timestamp},${r.channel},${r.unit},${r.value}`),
        ].join('\n'),
      });
      if (!res.ok) throw new Error(`POST /api/sensor-readings/bulk: ${res.status} ${await res.text()}`);
    };
    started = performance.now();
    for (let s = 3 * seconds + 1; s <= 4 * seconds; s++) await postCsv(s);
    const bulkMs = performance.now() - started;
    await app.close();

    // MQTT: one message per reading on valveops-bench/<org>/<valve>/<channel>, stored as it arrives. Published
    // in windows of MQTT_WINDOW acknowledged messages, at most one window ahead of the subscriber: a burst of 8,000
    // at once overruns the broker's queue for the subscriber, which then drops messages (QoS 1 or not).
    const ingestor = startMqttIngest(
      db,
      MQTT_URL,
      { info: () => {}, warn: () => {}, error: console.error },
      { root: 'valveops-bench' },
    );
    await ingestor.ready;
    const publisher = await mqtt.connectAsync(MQTT_URL);
    const before = await countRows();
    started = performance.now();
    let published = 0;
    const receivedBefore = ingestor.received();
    for (let s = seconds + 1; s <= 2 * seconds; s++) {
      const readings = second(s);
      for (let i = 0; i < readings.length; i += MQTT_WINDOW) {
        // The broker acknowledges on receipt and queues for the subscriber: wait until the subscriber has taken
        // all but one window, so its queue (1,000 by default) never overflows and drops readings.
        while (ingestor.received() - receivedBefore < published - MQTT_WINDOW)
          await new Promise((r) => setTimeout(r, 5));
        await Promise.all(
          readings
            .slice(i, i + MQTT_WINDOW)
            .map((r) =>
              publisher.publishAsync(
                `valveops-bench/${slug}/${r.valveId}/${r.channel}`,
                JSON.stringify({ value: r.value, unit: r.unit, timestamp: r.timestamp }),
                { qos: 1 },
              ),
            ),
        );
        published += Math.min(MQTT_WINDOW, readings.length - i);
      }
    }
    const publishedMs = performance.now() - started;
    // Everything published is stored within seconds; a minute without progress means messages were lost.
    let stored = 0;
    let lastProgress = performance.now();
    while (stored < total && performance.now() - lastProgress < 60_000) {
      await ingestor.flush();
      const now = (await countRows()) - before;
      if (now > stored) lastProgress = performance.now();
      stored = now;
      if (stored < total) await new Promise((r) => setTimeout(r, 100));
    }
    const mqttMs = performance.now() - started;
    await publisher.endAsync();
    await ingestor.stop();

    // The floor: a bare COPY of as many rows into the raw table, no rollups, no checks.
    const ids = (await client.query('select id from valve_channels order by id')).rows.map((r) => r.id as number);
    function* copyChunks() {
      for (let s = 2 * seconds + 1; s <= 3 * seconds; s++) {
        const t = new Date(start + s * 1000).toISOString();
        yield ids.map((id, i) => `${id}\t${t}\t${value(i >> 3, i & 7, s)}\n`).join('');
      }
    }
    const copied = seconds * ids.length;
    started = performance.now();
    await copyThroughPsql(url, 'channel_readings (channel_id, "timestamp", value)', copyChunks());
    const copyMs = performance.now() - started;

    const per = (ms: number) => `${(ms / seconds / 1000).toFixed(2)} s per second of data`;
    console.log(
      `channels ingest on PostgreSQL, ${n(list.length)} valves × 8 channels at 1 Hz (${n(perSecond)} readings/s needed), ` +
        `${seconds} s of data (${n(total)} readings) each:\n` +
        `  POST /api/sensor-readings (HTTP, rollups)  ${rate(total, apiMs).padStart(9)} readings/s  ${per(apiMs)}${vsLast('channels | ingest API readings/s', (total / apiMs) * 1000)}\n` +
        `  MQTT, one message per reading (rollups)    ${rate(stored, mqttMs).padStart(9)} readings/s  ${per(mqttMs)}${vsLast('channels | ingest MQTT readings/s', (stored / mqttMs) * 1000)} ` +
        `(${n(stored)} of ${n(total)} stored; published in ${(publishedMs / 1000).toFixed(1)} s)\n` +
        `  POST /api/sensor-readings/bulk (CSV)      ${rate(total, bulkMs).padStart(9)} readings/s  ${per(bulkMs)}${vsLast('channels | ingest bulk readings/s', (total / bulkMs) * 1000)}\n` +
        `  floor: bare COPY via psql, raw rows only  ${rate(copied, copyMs).padStart(9)} readings/s  ${per(copyMs)}\n` +
        `  API at ${((copyMs / copied / (apiMs / total)) * 100).toFixed(0)}% of the COPY's rate, MQTT at ` +
        `${((copyMs / copied / (mqttMs / stored)) * 100).toFixed(0)}%, bulk at ${((copyMs / copied / (bulkMs / total)) * 100).toFixed(0)}%; ` +
        `headroom at ${n(perSecond)} readings/s: API ${(total / apiMs / (perSecond / 1000)).toFixed(2)}×, ` +
        `MQTT ${(stored / mqttMs / (perSecond / 1000)).toFixed(2)}×, bulk ${(total / bulkMs / (perSecond / 1000)).toFixed(2)}×`,
    );
    if (stored < total) throw new Error(`MQTT: only ${stored} of ${total} readings stored`);
    return {
      apiPerS: (total / apiMs) * 1000,
      mqttPerS: (stored / mqttMs) * 1000,
      bulkPerS: (total / bulkMs) * 1000,
      copyPerS: (copied / copyMs) * 1000,
    };
  }
}

/** Prints the channel figures; returns them for a report. */
export async function runChannelsBench(options: ChannelsBenchOptions = {}) {
  const recomputeValves = options.valves ?? DEFAULT_RECOMPUTE_VALVES;
  const ingestValves = options.valves ?? FULL_VALVES;
  const seconds = options.seconds ?? 10;
  const budgetS = options.budgetS ?? 240;
  const of = (count: number) => (count < FULL_VALVES ? ` (scaled down from ${n(FULL_VALVES)})` : '');
  console.log(
    `\n== Channels (issue 19): recompute ${n(recomputeValves)} valves × 8 channels${of(recomputeValves)} within ` +
      `${budgetS} s; ingest ${n(ingestValves)} valves × 8 channels${of(ingestValves)}, ${seconds} s of streamed data`,
  );
  const r = await recompute(recomputeValves, budgetS);
  const i = await ingest(ingestValves, seconds);
  return { recompute: r, ingest: i };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { valves: { type: 'string' }, seconds: { type: 'string' }, budget: { type: 'string' } },
  });
  const num = (text: string | undefined) => (text === undefined ? undefined : Number(text));
  runChannelsBench({ valves: num(values.valves), seconds: num(values.seconds), budgetS: num(values.budget) }).catch(
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
