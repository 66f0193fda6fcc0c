import { mkdir } from 'node:fs/promises';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_PASSWORD, DEMO_ROLE_ACCOUNTS, demoAccounts } from './demo/accounts';
import { loadDemoDataIfEmpty } from './demo/load';
import { startAnalyticsJob } from './modules/analytics';
import { flagOverdue } from './modules/maintenance';
import { purgeOldReadings, startMqttIngest } from './modules/sensor-readings';
import { purgeIdempotencyKeys } from './plugins/idempotency';

/** How often due dates are checked: a quarter of an hour late is soon enough for a maintenance backlog. */
const OVERDUE_CHECK_MS = 15 * 60_000;

/** How often keys past their day are forgotten (a replay within the day is what matters; the rest is tidying). */
const IDEMPOTENCY_PURGE_MS = 3_600_000;
/** Raw readings past their retention go hourly, as the idempotency keys do. */
const READINGS_PURGE_MS = 3_600_000;

/** Reads config, opens and migrates the database, loads demo data on first start, listens. */
async function main() {
  // `npm start -- --no-demo` is DEMO=false: an empty installation whose first visitor creates the admin.
  const config = loadConfig(process.argv.includes('--no-demo') ? { ...process.env, DEMO: 'false' } : process.env);
  await mkdir(config.uploadsDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.dataDir,
  });
  await database.migrate();
  if (config.demo) {
    const loaded = await loadDemoDataIfEmpty(database.db, { uploadsDir: config.uploadsDir });
    if (loaded)
      console.log(
        `Loaded demo data: ${loaded.valves} valves and ${loaded.workOrders} work orders in two organizations.`,
      );
  }
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    config,
    logger: { level: config.logLevel },
  });
  // Housekeeping: once now, then on a timer; a failed round is logged and the next one tries again.
  const every = async (ms: number, what: string, job: (db: typeof database.db) => Promise<unknown>) => {
    const run = () => job(database.db).catch((error) => app.log.error({ err: error }, `${what} failed`));
    await run();
    setInterval(run, ms).unref();
  };
  await every(OVERDUE_CHECK_MS, 'overdue check', flagOverdue);
  await every(IDEMPOTENCY_PURGE_MS, 'idempotency key purge', purgeIdempotencyKeys);
  await every(READINGS_PURGE_MS, 'readings retention purge', (db) => purgeOldReadings(db, config.retention));
  // Analytics for every valve (on a first start, before the server listens) and again as readings arrive.
  const analytics = await startAnalyticsJob(database.db, app.log);
  const mqtt = config.mqttUrl ? startMqttIngest(database.db, config.mqttUrl, app.log) : null;
  const shutdown = async () => {
    analytics.stop();
    await mqtt?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  console.log(`ValveOps is running at ${url}/app (database: ${where})`);
  if (config.demo && (await demoAccounts(database.db))) {
    const who = DEMO_ROLE_ACCOUNTS.map((a) => `${a.email} (${a.role})`).join(', ');
    console.log(`Demo sign-in: ${who}; password "${DEMO_PASSWORD}".`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
