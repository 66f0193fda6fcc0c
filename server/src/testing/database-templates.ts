import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, type DatabaseHandle, openDatabase } from '../db/client';
import type { DemoSummary } from '../demo/generate';

/*
 * API test files start from a database already migrated and loaded with the demo plant: migrating and generating
 * the demo were most of each file's setup (10 to 20 s on this 2-core machine, on each of ~80 files). The first file
 * that needs a size of demo builds it and keeps it for the run: on PGlite a dump of its data directory, on
 * PostgreSQL a template database; with its uploaded files and figures in the run's directory (test-run-setup.ts
 * makes it and clears it after the run). The others copy it. The demo is deterministic (a fixed seed and clock), so
 * a copy is the plant a fresh build would make. Without the run's directory every file builds its own, as before.
 */

type Seed = (db: Database, uploadsDir: string) => Promise<DemoSummary>;
type Seeded = { database: DatabaseHandle; demo: DemoSummary };

const runDirectory = () => process.env.VALVEOPS_TEST_TEMPLATES;

/** The names of this run's template databases begin with this (test-run-setup.ts drops them). */
export const templateDatabasePrefix = (runDirectory: string) =>
  `valveops_template_${(path.basename(runDirectory).split('-').pop() ?? '').toLowerCase().replace(/[^a-z0-9]/g, '')}_`;

const databaseUrlOf = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A kept template's files: written aside and renamed into place, so nobody reads half of one. */
async function keep(root: string, kept: string, uploadsDir: string, demo: DemoSummary, data?: Blob) {
  const staging = await mkdtemp(path.join(root, 'staging-'));
  if (data) await writeFile(path.join(staging, 'data.tar'), Buffer.from(await data.arrayBuffer()));
  await cp(uploadsDir, path.join(staging, 'uploads'), { recursive: true });
  await writeFile(path.join(staging, 'demo.json'), JSON.stringify(demo));
  // The first of two builders wins; the other's copy is the same plant.
  await rename(staging, kept).catch(() => rm(staging, { recursive: true, force: true }));
}

async function keptFiles(kept: string, uploadsDir: string): Promise<DemoSummary> {
  await cp(path.join(kept, 'uploads'), uploadsDir, { recursive: true });
  return JSON.parse(await readFile(path.join(kept, 'demo.json'), 'utf8')) as DemoSummary;
}

/** An in-memory PGlite with `seed`'s data in it and its files in `uploadsDir`: loaded when kept, else built. */
export async function seededPglite(key: string, uploadsDir: string, seed: Seed): Promise<Seeded> {
  const root = runDirectory();
  const kept = root ? path.join(root, `pglite-${key}`) : null;
  if (kept && existsSync(path.join(kept, 'demo.json'))) {
    const data = await readFile(path.join(kept, 'data.tar'));
    return {
      database: await openDatabase({ loadDataDir: new Blob([data]) }),
      demo: await keptFiles(kept, uploadsDir),
    };
  }
  const database = await openDatabase({});
  await database.migrate();
  const demo = await seed(database.db, uploadsDir);
  if (root && kept && database.dump) await keep(root, kept, uploadsDir, demo, await database.dump());
  return { database, demo };
}

/** This run's template database for `key`, built by the first file that asks (the others wait on a lock). */
async function postgresTemplate(admin: pg.Client, adminUrl: string, root: string, key: string, seed: Seed) {
  const name = `${templateDatabasePrefix(root)}${key.replace(/[^a-z0-9]/g, '_')}`;
  const kept = path.join(root, `postgres-${key}`);
  await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
  try {
    if (!existsSync(path.join(kept, 'demo.json'))) {
      // A template left half-built by a file that failed is built again.
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
      const database = await openDatabase({ databaseUrl: databaseUrlOf(adminUrl, name), onIdleError: () => {} });
      const uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'valveops-template-'));
      try {
        await database.migrate();
        await keep(root, kept, uploadsDir, await seed(database.db, uploadsDir));
      } finally {
        await database.close();
        await rm(uploadsDir, { recursive: true, force: true });
      }
    }
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
  }
  return { name, kept };
}

/**
 * A PostgreSQL database of its own for one test file (so files run in parallel), seeded like seededPglite, and how
 * to drop it afterwards.
 */
export async function seededPostgres(
  adminUrl: string,
  key: string,
  uploadsDir: string,
  seed: Seed,
): Promise<Seeded & { databaseUrl: string; drop: () => Promise<void> }> {
  const name = `valveops_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const root = runDirectory();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let template: { name: string; kept: string } | null = null;
  try {
    template = root ? await postgresTemplate(admin, adminUrl, root, key, seed) : null;
    await admin.query(`create database ${name}${template ? ` template ${template.name}` : ''}`);
  } finally {
    await admin.end();
  }
  const databaseUrl = databaseUrlOf(adminUrl, name);
  // Dropping the test database ends its connections; that is expected here, not worth a line of output.
  const database = await openDatabase({ databaseUrl, onIdleError: () => {} });
  let demo: DemoSummary;
  if (template) demo = await keptFiles(template.kept, uploadsDir);
  else {
    await database.migrate();
    demo = await seed(database.db, uploadsDir);
  }
  const drop = async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  return { database, demo, databaseUrl, drop };
}
