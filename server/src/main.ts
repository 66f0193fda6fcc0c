import { mkdir } from 'node:fs/promises';
import { buildApp, episodesStored, noticeSources } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { openReadReplica } from './db/replica';
import { grantToServerRole, roleOfUrl } from './db/roles';
import { DEMO_PASSWORD, DEMO_ROLE_ACCOUNTS, demoAccounts } from './demo/accounts';
import { loadDemoDataIfEmpty } from './demo/load';
import { startJobQueue } from './jobs';
import { openStoredFiles } from './lib/stored-files';
import { alarmSweepJob } from './modules/alarms';
import { analyseFirstStart, analyticsReadingsJob, analyticsRecomputeJob, watchReadings } from './modules/analytics';
import { auditSealJob, auditVerifyJob } from './modules/audit';
import { cancellationRetryJob } from './modules/billing';
import { overdueJob } from './modules/maintenance';
import { generateDueWorkOrders, maintenancePlanJob } from './modules/maintenance-plans';
import { notificationSweepJob } from './modules/notifications';
import { readingsPartitionsJob, readingsPurgeJob, startMqttIngest } from './modules/sensor-readings';
import { watchWebhookEvents, webhookDeliveryJob } from './modules/webhooks';
import { idempotencyPurgeJob } from './plugins/idempotency';
import { rateLimitPurgeJob } from './plugins/rate-limit-store';

/** Longer than the queue's own wait for a run in progress (10 s) and a slow request's answer. */
const SHUTDOWN_LIMIT_MS = 30_000;

/** Reads config, opens and migrates the database, loads demo data on first start, listens. */
async function main() {
  // `npm start -- --no-demo` is DEMO=false: an empty installation whose first visitor creates the admin.
  const config = loadConfig(process.argv.includes('--no-demo') ? { ...process.env, DEMO: 'false' } : process.env);
  if (config.fileStore === 'directory') await mkdir(config.uploadsDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.dataDir,
  });
  if (config.databaseOwnerUrl && config.databaseUrl) {
    // The owner migrates and grants; the server then works as a role that owns nothing (db/roles.ts).
    const owner = await openDatabase({ databaseUrl: config.databaseOwnerUrl, poolSize: 1 });
    await owner.migrate();
    await grantToServerRole(owner.db, roleOfUrl(config.databaseUrl));
    await owner.close();
  } else {
    await database.migrate();
  }
  let loadedDemo = false;
  if (config.demo) {
    const loaded = await loadDemoDataIfEmpty(database.db, { files: openStoredFiles(config) });
    loadedDemo = loaded !== null;
    if (loaded)
      console.log(
        `Loaded demo data: ${loaded.valves} valves and ${loaded.workOrders} work orders in two organizations.`,
      );
  }
  const replica = config.readReplica
    ? await openReadReplica(database.db, config.readReplica, config.databasePoolSize)
    : null;
  if (replica) console.log(`Read replica: ${replica.watch.state.state}`);
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    config,
    logger: { level: config.logLevel },
    replica: replica ?? undefined,
  });
  // Analytics for every valve on a first start, before the server listens; later starts queue it (below).
  const analysedAtStart = await analyseFirstStart(database.db, app.log, episodesStored);
  // A fresh demo raises what its plans make due now, with the analytics just computed, before anyone signs in:
  // the queue's start-up run then finds nothing new (a plan's work never appears in the middle of a session).
  if (loadedDemo) {
    const raised = await generateDueWorkOrders(database.db);
    app.log.info(raised, 'demo plans: first occurrences raised');
  }
  // Background work on the job queue (pg-boss in this database): each run once across all the servers, retried
  // with backoff, kept across restarts (decisions/050).
  const queueStarted = performance.now();
  const recomputeJob = analyticsRecomputeJob(episodesStored);
  const queue = await startJobQueue({
    db: database.db,
    log: app.log,
    jobs: [
      maintenancePlanJob,
      overdueJob,
      recomputeJob,
      analyticsReadingsJob(episodesStored),
      alarmSweepJob,
      idempotencyPurgeJob,
      rateLimitPurgeJob,
      readingsPartitionsJob,
      readingsPurgeJob(config.retention),
      notificationSweepJob(noticeSources),
      auditSealJob,
      auditVerifyJob,
      cancellationRetryJob(app),
      webhookDeliveryJob(config.webhooksAllowPrivate),
    ],
  });
  app.log.info({ ms: Math.round(performance.now() - queueStarted) }, 'job queue started');
  if (!analysedAtStart) await queue.send(recomputeJob.name);
  // The valves that receive readings are recomputed shortly after, by whichever server's worker is free.
  const stopWatchingReadings = watchReadings(database.db, queue, app.log);
  const stopWatchingWebhookEvents = await watchWebhookEvents(database.listen, queue, app.log);
  const mqtt = config.mqttUrl ? startMqttIngest(database.db, config.mqttUrl, app.log) : null;
  // SIGTERM (a deploy, HAProxy's drain): stop taking requests and answer the ones in flight (Fastify answers 503 to
  // any that arrive meanwhile on a kept-alive connection, /readyz included, so the balancer sends them elsewhere),
  // then the background work, then the database. Past SHUTDOWN_LIMIT_MS the process ends all the same.
  const shutdown = async () => {
    setTimeout(() => {
      console.error(`shutdown took over ${SHUTDOWN_LIMIT_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    await app.close();
    stopWatchingReadings();
    await stopWatchingWebhookEvents();
    await queue.stop();
    await mqtt?.stop();
    await replica?.close();
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
