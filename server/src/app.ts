import { existsSync } from 'node:fs';
import path from 'node:path';
import { PRERENDERED_PAGES } from '@common/prerendered-pages';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type Config, DEFAULT_MAIL_FROM } from './config';
import type { Database } from './db/client';
import type { Listen } from './db/notifications';
import type { ReplicaWatch } from './db/replica';
import { demoAccounts } from './demo/accounts';
import type { ExportSource } from './lib/exports/source';
import { KeptValveReads } from './lib/kept-reads';
import { createMailer, type MailContext } from './lib/mail';
import type { RecordKind } from './lib/record-kinds';
import type { Scope } from './lib/scope';
import { followSessionChanges } from './lib/sessions';
import { signingBy } from './lib/signed-content';
import { openStoredFiles, type StoredFiles } from './lib/stored-files';
import { alarmNotices, alarmRecords, alarmRoutes, syncAlarms } from './modules/alarms';
import { analyticsRoutes, anomalyNotices } from './modules/analytics';
import { apiTokenRoutes } from './modules/api-tokens';
import { auditExport, auditRoutes } from './modules/audit';
import { authRoutes } from './modules/auth';
import { assertApiAccess, billingRoutes } from './modules/billing';
import { type CostsOf, costOfNewWorkOrder, costOfWorkOrder, costRoutes, costsOfWorkOrders } from './modules/costs';
import { dashboardRoutes } from './modules/dashboard';
import { documentRecords, documentRoutes } from './modules/documents';
import { emergencyRoutes } from './modules/emergencies';
import { exportRoutes } from './modules/exports';
import { healthRoutes } from './modules/health';
import { importRoutes } from './modules/imports';
import { laborCostLines, laborRoutes } from './modules/labor';
import { maintenanceRecordRecords, maintenanceRoutes } from './modules/maintenance';
import { maintenancePlanRecords, maintenancePlanRoutes, planImport, replanValve } from './modules/maintenance-plans';
import { manualRoutes } from './modules/manuals';
import { type NoticeSource, notificationRoutes } from './modules/notifications';
import { offlineSyncRoutes } from './modules/offline-sync';
import {
  partCostLines,
  partRecords,
  partRoutes,
  partsReorderExport,
  releaseWorkOrderReservations,
  workOrderPartRoutes,
} from './modules/parts';
import { performanceRoutes } from './modules/performance';
import { photoRecords, photoRoutes } from './modules/photos';
import { plantRoutes } from './modules/plants';
import { procedureRecords, procedureRoutes, procedureRunRecords } from './modules/procedures';
import { badActorExport, failureReportRecords, recordFailure, reliabilityRoutes } from './modules/reliability';
import {
  reliefDeviceImport,
  reliefTagImport,
  reliefTestExport,
  reliefTestRecords,
  reliefValveRoutes,
} from './modules/relief-valves';
import { reportRoutes } from './modules/reports';
import { requestRoutes } from './modules/requests';
import { readingExport, sensorReadingRoutes } from './modules/sensor-readings';
import { signatureRoutes } from './modules/signatures';
import { userImport, userRoutes } from './modules/users';
import { valveExport, valveImport, valveRecords, valveRoutes } from './modules/valves';
import { webhookRoutes } from './modules/webhooks';
import { workNotices, workOrderExport, workOrderRecords, workOrderRoutes } from './modules/work-orders';
import { apiReference } from './plugins/api-reference';
import { databaseQueuePlugin } from './plugins/database-queue';
import { errorsPlugin } from './plugins/errors';
import { idempotencyPlugin, type WriteFaults } from './plugins/idempotency';
import { jsonRepliesPlugin } from './plugins/json-replies';
import { metricsPlugin } from './plugins/metrics';
import { ownWritesPlugin } from './plugins/own-writes';
import { readReplicaPlugin } from './plugins/read-replica';
import { readRetryPlugin } from './plugins/read-retry';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { textGuardPlugin } from './plugins/text-guard';

/**
 * Every domain's record kinds (docs/decisions/095-record-kinds.md): history, signatures and sign-off read records
 * through these, never through other domains' tables. A new domain joins them with one line here.
 */
export const recordKinds: readonly RecordKind[] = [
  valveRecords,
  workOrderRecords,
  maintenanceRecordRecords,
  photoRecords,
  documentRecords,
  procedureRecords,
  procedureRunRecords,
  maintenancePlanRecords,
  reliefTestRecords,
  partRecords,
  failureReportRecords,
  alarmRecords,
];

/** The ledger's cost lines, from the domains that keep them (modules/costs), and the cost of work orders by them. */
const costLines = [partCostLines, laborCostLines];
const costsOf: CostsOf = (db, scope, ids) => costsOfWorkOrders(db, costLines, scope, ids);

/**
 * The lists that can be downloaded as files (GET /api/exports/:kind, docs/decisions/107-streamed-exports.md): each
 * domain says its columns, filters and scope; the exports module only writes the file.
 */
export const exportSources: readonly ExportSource[] = [
  valveExport,
  workOrderExport,
  reliefTestExport,
  readingExport,
  partsReorderExport,
  badActorExport(costsOf),
  auditExport(recordKinds),
];

/** What the bell is told of, by the domains whose records say it (modules/notifications/sweep.ts). */
export const noticeSources: readonly NoticeSource[] = [workNotices, anomalyNotices, alarmNotices];

/** After a recompute stores a valve's episodes, its alarms follow them (modules/alarms/sync.ts). */
export const episodesStored = syncAlarms;

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
    /** Mail out (lib/mail.ts): SMTP when configured, else the log; and the site's address for links in it. */
    mail: MailContext;
    /** Uploaded files, in the directory or the database as FILE_STORE says (lib/stored-files.ts). */
    files: StoredFiles;
  }
}

type AppConfig = Pick<Config, 'uploadsDir' | 'clientDist' | 'demo' | 'trustProxy' | 'checkReplies'> &
  Partial<
    Pick<
      Config,
      'fileStore' | 'stripe' | 'metricsToken' | 'benchReport' | 'databaseQueue' | 'mail' | 'webhooksAllowPrivate'
    >
  >;

export type AppOptions = {
  db: Database;
  /** The database's NOTIFY messages: with them the server keeps valve and work order reads (lib/kept-reads.ts). */
  listen?: Listen;
  config: AppConfig;
  logger?: FastifyServerOptions['logger'];
  /** Tests only: failures injected at the stages of a transactional write (plugins/idempotency.ts). */
  writeFaults?: WriteFaults;
  /** A streaming replica of `db` and its watch (READ_DATABASE_URL): where reads that may be a second stale go. */
  replica?: { db: Database; watch: ReplicaWatch };
};

/** The whole server as one Fastify instance; tests drive it with app.inject, main.ts makes it listen. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: options.config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', options.db);
  app.decorate('config', options.config);
  app.decorate('files', openStoredFiles(options.config));
  app.decorate('mail', {
    mailer: createMailer(options.config.mail ?? { from: DEFAULT_MAIL_FROM }, app.log),
    // Never the request's Host header: whoever asks for a mail writes it (config.ts, PUBLIC_URL).
    publicUrl: options.config.mail?.publicUrl ?? 'http://localhost:5000',
  });

  await app.register(errorsPlugin);
  // Before every route: it labels each route as it is added, and times every request.
  await app.register(metricsPlugin, { token: options.config.metricsToken });
  // Before the session's lookup, the first statement a request makes.
  if (options.config.databaseQueue) await app.register(databaseQueuePlugin, options.config.databaseQueue);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'ValveOps API', version: '1' },
      // Programs send an API token (docs/decisions/106-api-tokens.md); the browser app its session cookie.
      components: {
        securitySchemes: {
          apiToken: { type: 'http', scheme: 'bearer', description: 'An API token made by an admin: vo_...' },
          session: { type: 'apiKey', in: 'cookie', name: 'valveops_session' },
        },
      },
      security: [{ apiToken: [] }, { session: [] }],
    },
    // A public route (sign-in, health, the webhook) asks for neither credential.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      return input.route.config?.public ? { ...out, schema: { ...out.schema, security: [] } } : out;
    },
  });
  await app.register(securityPlugin);
  // A request with an API token is let through only on a plan with API access, which billing knows.
  await app.register(sessionPlugin, { assertApiAccess });
  await app.register(readReplicaPlugin, { replica: options.replica ?? null });
  await app.register(textGuardPlugin);
  await app.register(idempotencyPlugin, { faults: options.writeFaults });
  await app.register(readRetryPlugin);
  if (options.listen) await app.register(ownWritesPlugin, { listen: options.listen });
  await app.register(multipart);
  await app.register(jsonRepliesPlugin, { check: options.config.checkReplies });
  await app.register(healthRoutes);
  await app.register(authRoutes, { demoAccounts });
  await app.register(userRoutes);
  await app.register(apiTokenRoutes);
  await app.register(laborRoutes);
  await app.register(webhookRoutes);
  await app.register(plantRoutes);
  // Reads kept in memory while the database's notices say nothing they show changed; without notices none are.
  const kept = new KeptValveReads();
  if (options.listen) app.addHook('onClose', await kept.follow(options.listen));
  if (options.listen) app.addHook('onClose', await followSessionChanges(options.listen));
  await app.register(valveRoutes, { kept });
  await app.register(dashboardRoutes, { kept });
  await app.register(importRoutes, {
    targets: [valveImport, reliefTagImport, reliefDeviceImport, planImport, userImport],
  });
  const signing = signingBy(recordKinds);
  const costOf = (db: Database, scope: Scope, id: number | null) =>
    id === null ? costOfNewWorkOrder(db, scope) : costOfWorkOrder(db, costLines, scope, id);
  await app.register(workOrderRoutes, {
    kept,
    signing,
    replan: replanValve,
    costOf,
    releaseParts: releaseWorkOrderReservations,
    recordFailure,
  });
  await app.register(costRoutes, { lines: costLines });
  await app.register(offlineSyncRoutes, { costsOf });
  await app.register(reliabilityRoutes, { costsOf });
  await app.register(requestRoutes);
  await app.register(partRoutes);
  await app.register(workOrderPartRoutes);
  await app.register(maintenanceRoutes, { replan: replanValve });
  await app.register(maintenancePlanRoutes);
  await app.register(photoRoutes);
  await app.register(documentRoutes);
  await app.register(procedureRoutes, { content: signing.content });
  await app.register(signatureRoutes, { kinds: recordKinds });
  await app.register(auditRoutes, { kinds: recordKinds });
  await app.register(exportRoutes, { sources: exportSources });
  await app.register(reportRoutes, {
    content: signing.content,
    costOf,
    costsOf,
  });
  await app.register(reliefValveRoutes, { kept });
  await app.register(analyticsRoutes, { kept, episodesStored });
  await app.register(alarmRoutes);
  await app.register(sensorReadingRoutes);
  await app.register(manualRoutes);
  await app.register(billingRoutes);
  await app.register(emergencyRoutes, { kept });
  await app.register(notificationRoutes, { kept: kept.bells });
  await app.register(performanceRoutes, { benchReport: options.config.benchReport });
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  await app.register(apiReference);

  const clientIndex = path.join(options.config.clientDist, 'index.html');
  const hasClient = existsSync(clientIndex);
  // `/` and `/app` answer their pages rendered at build time (vite-prerender-pages.ts); without them, the app page.
  const rendered = new Map(
    PRERENDERED_PAGES.filter(({ file }) => existsSync(path.join(options.config.clientDist, file))).map(
      ({ path: page, file }) => [page as string, file as string],
    ),
  );
  const landing = rendered.get('/');
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: options.config.clientDist,
      wildcard: false,
      preCompressed: true,
      index: landing ? [landing] : false,
    });
  }
  // The client routes its own paths (/valves/12, /no-such-page) so any non-API GET gets the app.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    if (hasClient && request.method === 'GET' && !pathname.startsWith('/api/')) {
      return reply.type('text/html').sendFile(rendered.get(pathname) ?? 'index.html');
    }
    return reply.status(404).send({ message: `No such endpoint: ${request.method} ${pathname}` });
  });
  return app;
}
