import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { type Database, openDatabase } from '../db/client';
import { type DemoSummary, generateDemoData } from '../db/demo/generate';

/** A fixed clock for demo data, so tests see the same plant every run. */
export const TEST_NOW = new Date('2026-11-20T12:00:00Z');

export type TestContext = {
  app: FastifyInstance;
  db: Database;
  demo: DemoSummary;
  databaseKind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

/**
 * A fresh server on its own database: in-memory PGlite, or, when TEST_DATABASE_URL is set, a new PostgreSQL
 * database made for this test file and dropped afterwards (so files can run in parallel).
 */
export async function createTestApp(options: { valves?: number } = {}): Promise<TestContext> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `valveops_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  }
  const uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'valveops-test-'));
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  const demo = await generateDemoData(database.db, { valves: options.valves ?? 12, now: TEST_NOW, uploadsDir });
  const app = await buildApp({ db: database.db, config: { uploadsDir, clientDist: path.join(uploadsDir, 'no-client') } });
  await app.ready();
  return {
    app,
    db: database.db,
    demo,
    databaseKind: database.kind,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
      await rm(uploadsDir, { recursive: true, force: true });
    },
  };
}
