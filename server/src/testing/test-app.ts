import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { type AppOptions, buildApp } from '../app';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { type DemoSummary, generateDemoData } from '../demo/generate';
import { createSession } from '../lib/sessions';
import { openStoredFiles } from '../lib/stored-files';
import type { WriteFaults } from '../plugins/idempotency';
import { SESSION_COOKIE } from '../plugins/session';
import { seededPglite, seededPostgres } from './database-templates';

/** A fixed clock for demo data, so tests see the same plant every run. */
export const TEST_NOW = new Date('2026-11-20T12:00:00Z');

/** The demo's people a test can act as; `limited` is a technician who sees only Power Plant A. */
export const PERSONAS = {
  technician: 'technician@northfield.example',
  supervisor: 'supervisor@northfield.example',
  engineer: 'engineer@northfield.example',
  admin: 'admin@northfield.example',
  limited: 'tomas.ruiz@northfield.example',
  otherOrganization: 'admin@bayside.example',
} as const;
export type Persona = keyof typeof PERSONAS;

export type TestContext = {
  app: FastifyInstance;
  db: Database;
  demo: DemoSummary;
  databaseKind: 'pglite' | 'postgres';
  /** The database's notices, for a test that builds a second server on it that keeps reads. */
  listen: AppOptions['listen'];
  /** The PostgreSQL database's URL, for a test that opens a second server on it (none on PGlite). */
  databaseUrl: string | undefined;
  /** A Cookie header signed in as the persona (a session made directly, so the sign-in rate limit is not spent). */
  cookie: (persona: Persona) => Promise<string>;
  /** GET as a persona (the supervisor, who sees every plant of the first organization, unless told otherwise). */
  get: (url: string, persona?: Persona | null) => Promise<InjectResponse>;
  close: () => Promise<void>;
};

/** `FILE_STORE=database npx vitest run …` runs the API tests with the uploads in the database. */
function fileStoreOfRun(): Config['fileStore'] {
  const store = process.env.FILE_STORE ?? 'directory';
  if (store !== 'directory' && store !== 'database') throw new Error('FILE_STORE must be directory or database');
  return store;
}

/**
 * A fresh server on its own database: in-memory PGlite, or, when TEST_DATABASE_URL is set, a new PostgreSQL
 * database made for this test file and dropped afterwards (so files can run in parallel).
 */
export async function createTestApp(
  options: {
    valves?: number;
    demo?: boolean;
    /**
     * The demo's past two years of closed work with its ledger (demo/past-years.ts). Off unless asked: the history
     * makes every file's copy of the demo slower, and only the ledger's and reliability's years are tested against it.
     */
    pastYears?: boolean;
    trustProxy?: AppOptions['config']['trustProxy'];
    stripe?: Config['stripe'];
    /** PGlite's bounded request queue (plugins/database-queue.ts); none unless given. */
    databaseQueue?: Config['databaseQueue'];
    writeFaults?: WriteFaults;
    /** Mail out through this SMTP server (testing/mail-catcher.ts); without it mails go to the (silent) log. */
    smtpUrl?: string;
    /** Webhooks may target loopback and private addresses (WEBHOOKS_ALLOW_PRIVATE), e.g. a receiver in the test. */
    webhooksAllowPrivate?: boolean;
    /** Where uploads go (FILE_STORE); unless given, the FILE_STORE the run was started with, else the directory. */
    fileStore?: Config['fileStore'];
  } = {},
): Promise<TestContext> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const fileStore = options.fileStore ?? fileStoreOfRun();
  const uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'valveops-test-'));
  const seed = async (db: Database, dir: string): Promise<DemoSummary> =>
    options.demo === false
      ? { valves: 0, workOrders: 0, records: 0, photos: 0, readings: 0 }
      : generateDemoData(db, {
          valves: options.valves ?? 12,
          now: TEST_NOW,
          files: openStoredFiles({ fileStore, uploadsDir: dir }),
          pastYears: options.pastYears ?? false,
        });
  // A demo whose files are in the database is another template: its files are in its dump, none in its directory.
  const key =
    options.demo === false
      ? 'empty'
      : `demo-${options.valves ?? 12}${options.pastYears ? '-past-years' : ''}${fileStore === 'database' ? '-database-files' : ''}`;
  const seeded = adminUrl
    ? await seededPostgres(adminUrl, key, uploadsDir, seed)
    : { ...(await seededPglite(key, uploadsDir, seed)), databaseUrl: undefined, drop: async () => {} };
  const { database, demo, databaseUrl } = seeded;
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    config: {
      uploadsDir,
      fileStore,
      clientDist: path.join(uploadsDir, 'no-client'),
      demo: options.demo !== false,
      trustProxy: options.trustProxy ?? false,
      checkReplies: true,
      stripe: options.stripe,
      databaseQueue: options.databaseQueue,
      webhooksAllowPrivate: options.webhooksAllowPrivate,
      mail: { smtpUrl: options.smtpUrl, from: 'ValveOps <no-reply@valveops.test>', publicUrl: 'http://valveops.test' },
    },
    writeFaults: options.writeFaults,
  });
  await app.ready();
  const cookies = new Map<Persona, string>();
  const cookie = async (persona: Persona) => {
    const known = cookies.get(persona);
    if (known) return known;
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, PERSONAS[persona]));
    const { token } = await createSession(database.db, user.id);
    const header = `${SESSION_COOKIE}=${token}`;
    cookies.set(persona, header);
    return header;
  };
  return {
    app,
    db: database.db,
    demo,
    databaseKind: database.kind,
    listen: database.listen,
    databaseUrl,
    cookie,
    get: async (url, persona = 'supervisor') =>
      app.inject({ method: 'GET', url, headers: persona ? { cookie: await cookie(persona) } : {} }),
    close: async () => {
      await app.close();
      await database.close();
      await seeded.drop();
      await rm(uploadsDir, { recursive: true, force: true });
    },
  };
}
