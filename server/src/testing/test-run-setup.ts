import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { templateDatabasePrefix } from './database-templates';

/** Vitest's global setup: where this run keeps its database templates (database-templates.ts), cleared after it. */
export default async function setup() {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'valveops-test-templates-'));
  process.env.VALVEOPS_TEST_TEMPLATES = directory;
  return async () => {
    await rm(directory, { recursive: true, force: true });
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [templateDatabasePrefix(directory)],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
