/**
 * Channel figures (issue 19), printed, never gated on time, on PostgreSQL (BENCH_PG_URL):
 *  - recompute: 1,000 valves × 8 channels holding a day of 1 Hz history each (691 M raw readings' worth). The
 *    per-minute and per-hour rollups are seeded directly from simulated days (inserting 691 M raw rows is not the
 *    point); the engine reads the rollups: rows read and time, end to end (read, assess, store).
 *  - ingest: 1 Hz streams of 1,000 valves × 8 channels (8,000 readings a second) through POST /api/sensor-readings
 *    (real HTTP, one batch a second of data) and through MQTT (one message per channel and second, on the local
 *    Mosquitto), each with its rollups, next to a bare COPY of the same rows into channel_readings (psql \copy).
 * Run alone with `npx tsx bench/channels.ts` or `npm run bench -- --only channels`.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { QUANTITIES } from '@common/quantities';
import { asc, eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/db/client';
import { organizations, users, valves } from '../server/src/db/schema';
import { generateDemoData } from '../server/src/demo/generate';
import { createSession } from '../server/src/lib/sessions';
import { rollUp } from '../server/src/modules/analytics/engine/condition/rollup';
import { DEFAULT_RUN, simulateRun } from '../server/src/modules/analytics/engine/simulation/runs';
import { recomputeOrganization } from '../server/src/modules/analytics/recompute';
import { startMqttIngest } from '../server/src/modules/sensor-readings/mqtt';
import { SESSION_COOKIE } from '../server/src/plugins/session';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MQTT_URL = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const VALVES = 1000;
/** Seconds of 1 Hz data streamed in the ingest figures (8,000 readings each). */
const INGEST_SECONDS = 10;
const DAY = 86_400_000;

const rate = (n: number, ms: number) => Math.round((n / ms) * 1000).toLocaleString('en-US');

async function withDatabase<T>(name: string, work: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
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
  await generateDemoData(database.db, { valves: 8, uploadsDir });
  const db = database.db;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const columns = (
    await client.query(
      `select column_name from information_schema.columns where table_name = 'valves' and column_name not in ('id', 'valve_id') order by ordinal_position`,
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
  return { database, db, client, list, slug: org.slug, uploadsDir };
}

/** Streams COPY text into a table through psql (a bare COPY: no statement parsing, no conflict handling). */
function copyThroughPsql(url: string, table: string, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('psql', [url, '-q', '-c', `\\copy ${table} from stdin`], { stdio: ['pipe', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (d) => {
      errors += d;
    });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`psql: ${errors}`))));
    child.stdin.end(text);
  });
}

async function recompute() {
  return withDatabase('valveops_bench_channels_recompute', async (url) => {
    const { database, db, client, list, uploadsDir } = await plantOf(url, VALVES);
    const now = Date.UTC(2031, 0, 2);
    // Four simulated days, each valve one of them: 8 channels, 1 Hz, faults in the second part.
    const days = [1, 2, 3, 4].map((seed) =>
      simulateRun({ ...DEFAULT_RUN, seed, durationS: 86_400, referenceS: 8 * 3600, start: now - DAY }),
    );
    const rollups = days.map((run) =>
      run.channels.map((c) => {
        const readings = Array.from(c.values, (v, i) => ({ t: run.times[i], v }));
        return { minute: rollUp(readings, 60_000), hour: rollUp(readings, 3_600_000) };
      }),
    );
    console.log(`channels recompute: seeding rollups of ${VALVES} valves × 8 channels × a day at 1 Hz...`);
    const seedStarted = performance.now();
    // Channel ids in order, valve by valve; the COPY goes by 100 valves (the whole set would be 11.7 M lines).
    const channelCount = list.length * 8;
    const channelRows = list.flatMap((valve, v) =>
      days[v % days.length].channels.map(
        (channel, c) =>
          `${v * 8 + c + 1}\t1\t${valve.id}\t${channel.name}\t${channel.quantity}\t${QUANTITIES[channel.quantity].unit}\t2031-01-01T00:00:00Z`,
      ),
    );
    await copyThroughPsql(
      url,
      'valve_channels (id, organization_id, valve_id, name, quantity, unit, created_at)',
      `${channelRows.join('\n')}\n`,
    );
    let rollupRows = 0;
    for (let first = 0; first < list.length; first += 100) {
      const lines: string[] = [];
      for (let v = first; v < Math.min(list.length, first + 100); v++) {
        for (const [c, { minute, hour }] of rollups[v % days.length].entries()) {
          for (const [stepMs, buckets] of [
            [60_000, minute],
            [3_600_000, hour],
          ] as const) {
            for (const b of buckets) {
              const t = new Date(b.t).toISOString();
              lines.push(
                `${v * 8 + c + 1}\t${stepMs}\t${t}\t${b.count}\t${b.mean * b.count}\t${b.min}\t${b.max}\t${b.last}\t${t}`,
              );
            }
          }
        }
      }
      rollupRows += lines.length;
      await copyThroughPsql(url, 'channel_rollups', `${lines.join('\n')}\n`);
    }
    await client.query(`select setval('valve_channels_id_seq', ${channelCount}); analyze`);
    console.log(
      `  seeded ${rollupRows.toLocaleString('en-US')} rollup rows standing for ${(VALVES * 8 * 86_400).toLocaleString('en-US')} raw readings in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const stats = { rowsRead: 0 };
    const started = performance.now();
    const n = await recomputeOrganization(db, 1, { now: new Date(now), stats });
    const ms = performance.now() - started;
    const [episodes] = (await client.query('select count(*)::int as n from anomaly_episodes')).rows;
    console.log(
      `  recompute ${n} valves (${list.length} with 8 channels) on PostgreSQL: ${(ms / 1000).toFixed(1)} s end to end ` +
        `(${(ms / list.length).toFixed(1)} ms/valve); read ${stats.rowsRead.toLocaleString('en-US')} rollup rows ` +
        `(${Math.round(stats.rowsRead / list.length).toLocaleString('en-US')} a valve) instead of ${(VALVES * 8 * 86_400).toLocaleString('en-US')} raw readings; ${episodes.n} episodes stored`,
    );
    await client.end();
    await database.close();
    await rm(uploadsDir, { recursive: true, force: true });
    return { valves: n, seconds: ms / 1000, rowsRead: stats.rowsRead };
  });
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

async function ingest() {
  return withDatabase('valveops_bench_channels_ingest', async (url) => {
    const { database, db, client, list, slug, uploadsDir } = await plantOf(url, VALVES);
    const start = Date.UTC(2031, 0, 1);
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
    const total = INGEST_SECONDS * list.length * CHANNELS.length;

    // The API over real HTTP, signed in as the supervisor; one batch a second of data. The first second creates
    // the 8,000 channels and is left out of the figure.
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
    for (let s = 1; s <= INGEST_SECONDS; s++) await post(s);
    const apiMs = performance.now() - started;
    await app.close();

    // MQTT: one message per channel and second on valveops/<org>/<valve>/<channel>, stored as it arrives.
    const ingestor = startMqttIngest(
      db,
      MQTT_URL,
      { info: () => {}, warn: () => {}, error: console.error },
      { root: 'valveops-bench' },
    );
    await ingestor.ready;
    const publisher = await mqtt.connectAsync(MQTT_URL);
    const countRows = async () =>
      Number((await client.query('select count(*)::int as n from channel_readings')).rows[0].n);
    const before = await countRows();
    started = performance.now();
    for (let s = INGEST_SECONDS + 1; s <= 2 * INGEST_SECONDS; s++) {
      await Promise.all(
        second(s).map((r) =>
          publisher.publishAsync(
            `valveops-bench/${slug}/${r.valveId}/${r.channel}`,
            JSON.stringify({ value: r.value, unit: r.unit, timestamp: r.timestamp }),
            { qos: 1 },
          ),
        ),
      );
    }
    while ((await countRows()) - before < total && performance.now() - started < 300_000) {
      await ingestor.flush();
      await new Promise((r) => setTimeout(r, 100));
    }
    const mqttMs = performance.now() - started;
    const mqttStored = (await countRows()) - before;
    await publisher.endAsync();
    await ingestor.stop();

    // The floor: a bare COPY of the same number of rows into the raw table, no rollups, no checks.
    const ids = (await client.query('select id from valve_channels order by id')).rows.map((r) => r.id as number);
    const lines: string[] = [];
    for (let s = 2 * INGEST_SECONDS + 1; s <= 3 * INGEST_SECONDS; s++) {
      const t = new Date(start + s * 1000).toISOString();
      for (const [i, id] of ids.entries()) lines.push(`${id}\t${t}\t${value(i >> 3, i & 7, s)}`);
    }
    started = performance.now();
    await copyThroughPsql(url, 'channel_readings (channel_id, "timestamp", value)', `${lines.join('\n')}\n`);
    const copyMs = performance.now() - started;

    console.log(
      `channels ingest on PostgreSQL, ${list.length} valves × 8 channels at 1 Hz (${(list.length * 8).toLocaleString('en-US')} readings/s needed), ${INGEST_SECONDS} s of data each:\n` +
        `  POST /api/sensor-readings (HTTP, rollups)  ${rate(total, apiMs).padStart(9)} readings/s  ${(apiMs / INGEST_SECONDS / 1000).toFixed(2)} s per second of data\n` +
        `  MQTT, one message per reading (rollups)    ${rate(mqttStored, mqttMs).padStart(9)} readings/s  (${mqttStored.toLocaleString('en-US')} stored)\n` +
        `  floor: bare COPY via psql, raw rows only  ${rate(lines.length, copyMs).padStart(9)} readings/s  API/COPY ${(copyMs / apiMs).toFixed(2)}, MQTT/COPY ${((copyMs / mqttMs) * (mqttStored / lines.length)).toFixed(2)}`,
    );
    await client.end();
    await database.close();
    await rm(uploadsDir, { recursive: true, force: true });
    return {
      apiPerS: (total / apiMs) * 1000,
      mqttPerS: (mqttStored / mqttMs) * 1000,
      copyPerS: (lines.length / copyMs) * 1000,
    };
  });
}

/** Prints the channel figures; returns them for a report. */
export async function runChannelsBench() {
  console.log('\n== Channels (issue 19)');
  const r = await recompute();
  const i = await ingest();
  return { recompute: r, ingest: i };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runChannelsBench().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
