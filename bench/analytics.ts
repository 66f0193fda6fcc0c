/**
 * Analytics figures (issue 6), printed, never gated on time:
 *  - detection: the 200-valve synthetic benchmark's precision, recall and glitch flags;
 *  - ingest: readings/s through POST /api/sensor-readings (real HTTP, 10,000-reading batches) on PostgreSQL,
 *    next to two floors from this same process: the bare multi-row INSERT … VALUES of the same rows, and the
 *    bare INSERT … SELECT unnest(…) the endpoint itself uses, and a bare COPY; then the bulk path,
 *    POST /api/sensor-readings/bulk, with the same number of readings as CSV files (BENCH_BULK_FILE each), beside COPY;
 *  - recompute: 1,000 valves with 30 days of hourly readings, end to end on PostgreSQL (load, engine, store),
 *    and the engine alone on the same number of in-memory valves.
 * Run alone with `npx tsx bench/analytics.ts` (BENCH_PG_URL as for the main bench), or as part of `npm run bench`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/db/client';
import { sensorReadings, users, valves } from '../server/src/db/schema';
import { generateDemoData } from '../server/src/demo/generate';
import { hourlyReadings } from '../server/src/demo/readings';
import { SeededRandom } from '../server/src/lib/seeded-random';
import { createSession } from '../server/src/lib/sessions';
import { directoryFiles } from '../server/src/lib/stored-files';
import { syncAlarms } from '../server/src/modules/alarms';
import { type EpisodesStored, recomputeOrganization } from '../server/src/modules/analytics';
import { assessValve, priorFor, runDetectionBenchmark, syntheticPlant } from '../server/src/modules/analytics/engine';
import { storeReadings } from '../server/src/modules/sensor-readings';
import { SESSION_COOKIE } from '../server/src/plugins/session';
import { copyThroughPsql } from './channels';
import { vsLast } from './last-run';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BATCH = 10_000;
const BATCHES = 12;
/** Readings in each file the bench sends the bulk path (a month of one valve's 8 channels at a minute is 345,600). */
const BULK_FILE = Number(process.env.BENCH_BULK_FILE ?? 60_000);
const RECOMPUTE_VALVES = 1000;
const HOUR = 3_600_000;

const rate = (n: number, ms: number) => Math.round((n / ms) * 1000).toLocaleString('en-US');

function detection() {
  const r = runDetectionBenchmark();
  console.log(
    `detection (200 synthetic valves, 20 degrading, 10 glitching, assessed 7 days before failure): ` +
      `precision ${r.precision.toFixed(2)}, recall ${r.recall.toFixed(2)}, glitch valves flagged ${r.glitchFlags}/${r.glitchValves}` +
      ` (engine ${Math.round(r.ms)} ms)`,
  );
  return r;
}

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

type Row = { valveId: number; tag: string; sensorType: string; timestamp: Date; value: number; quality: string };

/** BATCHES batches of 10,000 readings over the given valves, each batch its own hour range. */
function makeBatches(list: { id: number; valveId: string }[], firstHour: number): Row[][] {
  const sensors = ['temperature', 'pressure', 'vibration'];
  return Array.from({ length: BATCHES }, (_, b) =>
    Array.from({ length: BATCH }, (_, i) => {
      const slot = b * BATCH + i;
      const v = list[slot % list.length];
      const hour = Math.floor(slot / (list.length * 3));
      return {
        valveId: v.id,
        tag: v.valveId,
        sensorType: sensors[Math.floor(slot / list.length) % 3],
        timestamp: new Date((firstHour + hour) * HOUR),
        value: 100 + (slot % 97) / 10,
        quality: 'good',
      };
    }),
  );
}

async function ingest() {
  return withDatabase('valveops_bench_ingest', async (url) => {
    const database = await openDatabase({ databaseUrl: url });
    await database.migrate();
    const uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'valveops-bench-ingest-'));
    await generateDemoData(database.db, { valves: 20, files: directoryFiles(uploadsDir) });
    const list = await database.db
      .select({ id: valves.id, valveId: valves.valveId })
      .from(valves)
      .where(eq(valves.organizationId, 1))
      .orderBy(asc(valves.id));
    const base = Math.floor(Date.UTC(2030, 0, 1) / HOUR);
    const [valuesRows, unnestRows, endpointRows, copyRows, bulkRows] = [0, 100_000, 200_000, 300_000, 400_000].map(
      (offset) => makeBatches(list, base + offset),
    );
    // Each set of rows lands in monthly partitions of its own, as a plant's readings do (decisions/115).
    const months = new Set(
      [valuesRows, unnestRows, endpointRows, copyRows, bulkRows].flatMap((set) =>
        set.flat().map((r) => r.timestamp.toISOString().slice(0, 7)),
      ),
    );
    for (const month of months)
      await database.db.execute(
        sql`select readings_make_partition('sensor_readings', ${`${month}-01T00:00:00Z`}::timestamptz)`,
      );

    // Floor 1: a bare multi-row INSERT … VALUES of the same rows, straight through pg.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let started = performance.now();
    for (const batch of valuesRows) {
      const params: unknown[] = [];
      const tuples = batch.map((r, i) => {
        params.push(1, r.valveId, r.sensorType, r.timestamp, r.value, r.quality);
        const p = i * 6;
        return `($${p + 1},$${p + 2},$${p + 3},$${p + 4},$${p + 5},$${p + 6})`;
      });
      await client.query(
        `insert into sensor_readings (organization_id, valve_id, sensor_type, "timestamp", value, quality) values ${tuples.join(',')} on conflict do nothing`,
        params,
      );
    }
    const valuesMs = performance.now() - started;
    await client.end();

    // Floor 3: a bare COPY of as many rows into the partitioned table, through psql (no parsing, no conflicts).
    started = performance.now();
    for (const batch of copyRows)
      await copyThroughPsql(
        url,
        'sensor_readings (organization_id, valve_id, sensor_type, "timestamp", value, quality)',
        [
          batch
            .map((r) => `1\t${r.valveId}\t${r.sensorType}\t${r.timestamp.toISOString()}\t${r.value}\t${r.quality}\n`)
            .join(''),
        ],
      );
    const copyMs = performance.now() - started;

    // Floor 2: the endpoint's own statement (unnest), without HTTP, validation or tag lookup.
    started = performance.now();
    for (const batch of unnestRows) await storeReadings(database.db, 1, batch);
    const unnestMs = performance.now() - started;

    // The endpoint, over real HTTP, signed in as the supervisor.
    const app = await buildApp({
      db: database.db,
      config: {
        uploadsDir,
        clientDist: path.join(uploadsDir, 'none'),
        demo: true,
        trustProxy: false,
        checkReplies: false,
      },
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const [supervisor] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'supervisor@northfield.example'));
    const { token } = await createSession(database.db, supervisor.id);
    const bodies = endpointRows.map((batch) =>
      JSON.stringify({
        readings: batch.map((r) => ({
          valveId: r.tag,
          timestamp: r.timestamp.toISOString(),
          sensorType: r.sensorType,
          value: r.value,
          quality: r.quality,
        })),
      }),
    );
    started = performance.now();
    let inserted = 0;
    for (const body of bodies) {
      const res = await fetch(`${address}/api/sensor-readings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}` },
        body,
      });
      if (!res.ok) throw new Error(`POST /api/sensor-readings: ${res.status} ${await res.text()}`);
      inserted += ((await res.json()) as { inserted: number }).inserted;
    }
    const endpointMs = performance.now() - started;
    // The bulk path: the same number of readings as CSV files of BULK_FILE readings each.
    const all = bulkRows.flat();
    const files = Array.from({ length: Math.ceil(all.length / BULK_FILE) }, (_, f) =>
      [
        'valveId,timestamp,sensorType,value,quality',
        ...all
          .slice(f * BULK_FILE, (f + 1) * BULK_FILE)
          .map((r) => `${r.tag},${r.timestamp.toISOString()},${r.sensorType},${r.value},${r.quality}`),
      ].join('\n'),
    );
    started = performance.now();
    let bulkInserted = 0;
    for (const csv of files) {
      const res = await fetch(`${address}/api/sensor-readings/bulk`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv', cookie: `${SESSION_COOKIE}=${token}` },
        body: csv,
      });
      if (!res.ok) throw new Error(`POST /api/sensor-readings/bulk: ${res.status} ${await res.text()}`);
      bulkInserted += ((await res.json()) as { inserted: number }).inserted;
    }
    const bulkMs = performance.now() - started;
    // A replay of the first batch: everything already there.
    const replay = await fetch(`${address}/api/sensor-readings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}` },
      body: bodies[0],
    });
    const replayed = (await replay.json()) as { inserted: number };
    await app.close();
    await database.close();
    await rm(uploadsDir, { recursive: true, force: true });

    const total = BATCH * BATCHES;
    console.log(
      `ingest on PostgreSQL (${BATCHES} batches of ${BATCH.toLocaleString('en-US')} readings, one after another):\n` +
        `  POST /api/sensor-readings      ${rate(total, endpointMs).padStart(9)} readings/s${vsLast('analytics | ingest API readings/s', (total / endpointMs) * 1000)} (${inserted} stored; replayed batch stored ${replayed.inserted})\n` +
        `  floor: INSERT … VALUES (pg)    ${rate(total, valuesMs).padStart(9)} readings/s  endpoint/floor ${(valuesMs / endpointMs).toFixed(2)}\n` +
        `  floor: INSERT … unnest (same)  ${rate(total, unnestMs).padStart(9)} readings/s  endpoint/floor ${(unnestMs / endpointMs).toFixed(2)}\n` +
        `  floor: COPY via psql           ${rate(total, copyMs).padStart(9)} readings/s  endpoint/floor ${(copyMs / endpointMs).toFixed(2)}  (all into the monthly partitions)\n` +
        `  POST /api/sensor-readings/bulk ${rate(total, bulkMs).padStart(9)} readings/s${vsLast('analytics | ingest bulk readings/s', (total / bulkMs) * 1000)} bulk/COPY ${(copyMs / bulkMs).toFixed(2)} (CSV files of ${BULK_FILE.toLocaleString('en-US')}; ${bulkInserted} stored)`,
    );
    return {
      endpointPerS: (total / endpointMs) * 1000,
      valuesFloorPerS: (total / valuesMs) * 1000,
      unnestFloorPerS: (total / unnestMs) * 1000,
      copyFloorPerS: (total / copyMs) * 1000,
      bulkPerS: (total / bulkMs) * 1000,
    };
  });
}

async function recompute() {
  return withDatabase('valveops_bench_recompute', async (url) => {
    const database = await openDatabase({ databaseUrl: url });
    await database.migrate();
    const uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'valveops-bench-recompute-'));
    const now = new Date();
    console.log(`recompute: loading ${RECOMPUTE_VALVES} valves with 30 days of hourly readings...`);
    await generateDemoData(database.db, { valves: RECOMPUTE_VALVES, files: directoryFiles(uploadsDir), now });
    const db = database.db;
    // Every valve in service and instrumented (the demo instruments 200).
    await db.update(valves).set({ status: 'active' }).where(eq(valves.organizationId, 1));
    const ids = (
      await db.select({ id: valves.id }).from(valves).where(eq(valves.organizationId, 1)).orderBy(asc(valves.id))
    ).map((v) => v.id);
    const instrumented = new Set(
      (
        await db
          .selectDistinct({ id: sensorReadings.valveId })
          .from(sensorReadings)
          .where(and(eq(sensorReadings.organizationId, 1), inArray(sensorReadings.valveId, ids)))
      ).map((r) => r.id),
    );
    const random = new SeededRandom(99);
    let rows: Row[] = [];
    for (const id of ids.filter((i) => !instrumented.has(i))) {
      for (const r of hourlyReadings(random, id, { tempF: 300, pressurePsi: 600 }, now.getTime(), id % 12 === 7)) {
        rows.push({ ...r, tag: '' });
        if (rows.length >= 30_000) {
          await storeReadings(db, 1, rows);
          rows = [];
        }
      }
    }
    if (rows.length) await storeReadings(db, 1, rows);
    await db.execute(sql`analyze`);

    // With the alarms kept in step, as the server runs it (app.ts hands syncAlarms to the recompute); timed apart.
    let alarmsMs = 0;
    const timedSync: EpisodesStored = async (...args) => {
      const syncStarted = performance.now();
      await syncAlarms(...args);
      alarmsMs += performance.now() - syncStarted;
    };
    // The longest the recompute held this thread (every request of a server) between two of its turns.
    let lastTick = performance.now();
    let longestPauseMs = 0;
    const ticker = setInterval(() => {
      longestPauseMs = Math.max(longestPauseMs, performance.now() - lastTick);
      lastTick = performance.now();
    }, 5);
    const started = performance.now();
    const n = await recomputeOrganization(db, 1, { now, episodesStored: timedSync });
    const endToEndMs = performance.now() - started;
    clearInterval(ticker);
    await database.close();
    await rm(uploadsDir, { recursive: true, force: true });

    // The engine alone on as many in-memory valves (the synthetic plant, five times over).
    const plant = Array.from({ length: RECOMPUTE_VALVES / 200 }, (_, i) => syntheticPlant(i + 1, now.getTime())).flat();
    const engineStarted = performance.now();
    for (const v of plant) {
      const model = { ...priorFor(v.type), source: 'prior' as const, failures: 0, historyWeight: 0 };
      assessValve({ valveTag: v.tag, readings: v.readings, history: v.history, model, now: now.getTime() });
    }
    const engineMs = performance.now() - engineStarted;
    console.log(
      `recompute ${n} valves × 30 days hourly (${(n * 720 * 3).toLocaleString('en-US')} readings) on PostgreSQL: ` +
        `${(endToEndMs / 1000).toFixed(1)} s end to end (${(endToEndMs / n).toFixed(1)} ms/valve${vsLast('analytics | recompute ms/valve', endToEndMs / n, 1)}); ` +
        `engine alone ${(engineMs / 1000).toFixed(1)} s for ${plant.length} valves (${(engineMs / plant.length).toFixed(1)} ms/valve${vsLast('analytics | engine ms/valve', engineMs / plant.length, 1)}); ` +
        `of the end to end, the alarms' sync ${(alarmsMs / 1000).toFixed(2)} s (${(alarmsMs / n).toFixed(2)} ms/valve${vsLast('analytics | alarm sync ms/valve', alarmsMs / n, 2)}); ` +
        `longest pause of the thread ${Math.round(longestPauseMs)} ms${vsLast('analytics | recompute longest pause ms', longestPauseMs)}`,
    );
    return {
      valves: n,
      endToEndS: endToEndMs / 1000,
      engineS: engineMs / 1000,
      alarmSyncS: alarmsMs / 1000,
      longestPauseMs,
    };
  });
}

/** Prints the analytics figures; returns them for a report. */
export async function runAnalyticsBench() {
  console.log('\n== Analytics');
  const d = detection();
  const i = await ingest();
  const r = await recompute();
  return {
    detection: { precision: d.precision, recall: d.recall, glitchFlags: d.glitchFlags },
    ingest: i,
    recompute: r,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runAnalyticsBench().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
