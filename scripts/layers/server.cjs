/**
 * The server's layers and the order of its domains (docs/decisions/008-layers-and-domain-order.md). From the bottom:
 *
 *   common/ (the contract) · config.ts
 *   db/          the connection, the tables (db/schema/<domain>.ts), migrations, notices, JSON and query helpers
 *   lib/         machinery several domains use: tenancy scope, kept reads, rolling windows, sessions, seeded random
 *   jobs/        the job queue (pg-boss): domains describe their jobs, main.ts starts the queue with them
 *   plugins/     Fastify plugins: errors, session, metrics, idempotency, security, JSON replies
 *   presenters/  the wire formats the domains share (one file per common/schemas file), built from the tables
 *   modules/     the domains, each a room with one door (index.ts), importing only domains below it in DOMAINS
 *   demo/        the demo plant, written through the domains' doors
 *   app.ts, main.ts, testing/   the assembly
 *
 * A layer imports only layers below it. Tests beside the code may use testing/ (they drive the assembled app), but
 * they too reach another domain only through its door.
 */
const fs = require('node:fs');
const path = require('node:path');

/**
 * The domains from the top down: a domain may import a domain below it, never one above. A new domain goes where
 * its imports put it (above everything it uses); every folder under modules/ must be listed.
 */
const DOMAINS = [
  'alarms', // → work-orders (one tap, suppression), valves, analytics (the episodes' advice), plants, notifications
  'offline-sync', // → photos, work-orders, valves
  'reports', // → procedures, signatures
  'maintenance-plans', // → procedures (a plan's checklist), work-orders, analytics
  'procedures', // → work-orders, signatures
  'emergencies', // → notifications
  'relief-valves', // → work-orders (the corrective work order of a failed as-found test)
  'documents', // → valves, activity
  'requests', // → photos (a request's photo on its work order), work-orders, valves
  'photos', // → work-orders, valves, activity
  'reliability', // → work-orders (failures and downtime kept on them), valves, parts (the currency), costs' types
  'costs', // → parts, labor (their cost lines), work-orders, valves
  'parts', // → work-orders (a work order's part lines check the order through its door)
  'labor', // → work-orders (hours and invoices on a work order)
  'work-orders', // → signatures, maintenance, valves, activity
  'maintenance', // → valves, activity
  'valves', // → billing, activity
  'signatures',
  'dashboard',
  'analytics', // → sensor-readings
  'sensor-readings',
  'manuals',
  'performance',
  'health',
  'api-tokens', // → billing (the plan's API access)
  'webhooks', // its events come from the database's triggers (migration 0036), not from the domains
  'users',
  'auth',
  'plants', // the organization's plants and valve catalog: every domain that names a plant or type checks here
  'billing',
  'exports', // the files of the lists the domains hand it in app.ts; reads no domain's tables
  'audit',
  'imports', // the registers' import: the domains hand it their import targets (app.ts)
  'notifications', // reads work and analytics tables only, so any domain may tell people through it
  'activity',
];

const folders = fs
  .readdirSync(path.join(__dirname, '../../server/src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unlisted = folders.filter((name) => !DOMAINS.includes(name));
if (unlisted.length) {
  throw new Error(`scripts/layers/server.cjs: put ${unlisted.join(', ')} in DOMAINS, where its imports place it`);
}

const src = '^server/src/';
const notTest = '\\.test\\.ts$';
/** A rule that a layer imports nothing of the server but itself and the layers named. */
const layer = (name, comment, from, allowed) => ({
  name,
  comment,
  severity: 'error',
  from: { path: `${src}${from}`, pathNot: notTest },
  to: { path: src, pathNot: allowed.map((p) => `${src}${p}`) },
});

const domainOrder = DOMAINS.slice(1).map((domain, index) => ({
  name: `domain-order-${domain}`,
  comment: `${domain} may use only the domains below it in DOMAINS (scripts/layers/server.cjs), not ${DOMAINS.slice(0, index + 1).join(', ')}.`,
  severity: 'error',
  from: { path: `${src}modules/${domain}/` },
  to: { path: `${src}modules/(${DOMAINS.slice(0, index + 1).join('|')})/` },
}));

module.exports = {
  forbidden: [
    layer('db-is-the-floor', 'db/ imports nothing of the server but config.ts.', 'db/', ['db/', 'config\\.ts$']),
    layer('lib-imports-no-domain', 'lib/ is machinery below the domains: db/ and config.ts only.', 'lib/', [
      'lib/',
      'db/',
      'config\\.ts$',
    ]),
    layer('jobs-import-no-domain', 'jobs/ is machinery below the domains: db/ and lib/ only.', 'jobs/', [
      'jobs/',
      'lib/',
      'db/',
      'config\\.ts$',
    ]),
    layer('plugins-import-no-domain', 'plugins/ are HTTP machinery below the domains.', 'plugins/', [
      'plugins/',
      'jobs/',
      'lib/',
      'db/',
      'config\\.ts$',
    ]),
    layer(
      'presenters-are-built-from-tables',
      'presenters/ build wire formats from the tables and each other.',
      'presenters/',
      ['presenters/', 'db/'],
    ),
    layer('domains-sit-below-the-assembly', 'A domain never imports the demo, the app or testing/.', 'modules/', [
      'modules/',
      'presenters/',
      'plugins/',
      'jobs/',
      'lib/',
      'db/',
      'config\\.ts$',
    ]),
    layer('demo-writes-through-the-domains', 'The demo uses the domains, never the app.', 'demo/', [
      'demo/',
      'modules/',
      'presenters/',
      'jobs/',
      'lib/',
      'db/',
      'config\\.ts$',
    ]),
    {
      name: 'domain-door',
      comment: "A domain reaches another only through that domain's index.ts, its one public file.",
      severity: 'error',
      from: { path: `${src}modules/([^/]+)/` },
      to: { path: `${src}modules/[^/]+/`, pathNot: [`${src}modules/$1/`, `${src}modules/[^/]+/index\\.ts$`] },
    },
    {
      name: 'bench-uses-the-doors',
      comment:
        'The benchmarks measure the server as other code uses it: a domain through its index.ts (the engine through modules/analytics/engine/index.ts).',
      severity: 'error',
      from: { path: '^bench/' },
      to: {
        path: `${src}modules/[^/]+/`,
        pathNot: [`${src}modules/[^/]+/index\\.ts$`, `${src}modules/analytics/engine/index\\.ts$`],
      },
    },
    {
      name: 'domain-door-from-outside',
      comment: 'Outside the domains (app, demo, testing), a domain is reached only through its index.ts.',
      severity: 'error',
      from: { path: src, pathNot: `${src}modules/` },
      to: { path: `${src}modules/[^/]+/`, pathNot: `${src}modules/[^/]+/index\\.ts$` },
    },
    ...domainOrder,
    {
      name: 'cross-cutting-domains-read-their-own-tables',
      comment:
        "Audit, signatures, notifications and exports read records of other domains only through the record kinds and notice sources app.ts hands them (docs/decisions/095): their own tables, and the people's, nothing else. A new domain joins them by exporting its kind.",
      severity: 'error',
      from: { path: `${src}modules/(audit|signatures|notifications|exports)/`, pathNot: notTest },
      to: {
        path: `${src}db/schema/`,
        pathNot: `${src}db/schema/(audit|signatures|notifications|users|organizations|columns)\\.ts$`,
      },
    },
    {
      name: 'predictive-engine-is-pure',
      comment: 'The engine (modules/analytics/engine/) is pure functions over readings: no database, no server state.',
      severity: 'error',
      from: { path: `${src}modules/analytics/engine/`, pathNot: notTest },
      to: { path: src, pathNot: [`${src}modules/analytics/engine/`, `${src}lib/seeded-random\\.ts$`] },
    },
    {
      name: 'predictive-engine-does-no-io',
      comment: "The engine uses none of Node's own modules (files, network, processes): its inputs are arguments.",
      severity: 'error',
      from: { path: `${src}modules/analytics/engine/` },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-has-no-cycles',
      comment: 'Imports between server files go one way.',
      severity: 'error',
      from: { path: src },
      to: { path: src, circular: true },
    },
  ],
};
