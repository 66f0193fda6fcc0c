import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { inTransaction, openDatabase } from '../db/client';
import { openStoredFiles } from '../lib/stored-files';
import { DEFAULT_DEMO_VALVES, generateDemoData } from './generate';

/**
 * `npm run seed -- --valves 10000`: replaces all data in the configured database (DATA_DIR or DATABASE_URL)
 * with a fresh demo plant of that many valves.
 */
async function seed() {
  const { values } = parseArgs({
    options: {
      valves: { type: 'string', default: String(DEFAULT_DEMO_VALVES) },
      seed: { type: 'string', default: '2026' },
    },
  });
  const valveCount = Number(values.valves);
  const seedValue = Number(values.seed);
  if (!Number.isInteger(valveCount) || valveCount < 5 || valveCount > 100_000) {
    throw new Error('--valves must be a whole number from 5 to 100000');
  }
  if (!Number.isInteger(seedValue)) throw new Error('--seed must be a whole number');
  const config = loadConfig();
  if (config.fileStore === 'directory') await mkdir(config.uploadsDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.dataDir,
  });
  try {
    // The audit trail and the signatures refuse TRUNCATE and DELETE (append-only, whoever asks), so "replace all
    // data" means a new schema: the tables, the migration journal and the job queue are dropped and made again.
    await database.db.execute(sql`drop schema if exists public, drizzle, pgboss cascade`);
    await database.db.execute(sql`create schema public`);
    await database.migrate();
    const started = performance.now();
    const summary = await inTransaction(database.db, async (tx) => {
      return generateDemoData(tx, {
        valves: valveCount,
        seed: seedValue,
        files: openStoredFiles(config),
      });
    });
    // After a bulk load the planner's statistics describe the empty tables; autovacuum would fix them some
    // minutes later, meanwhile planning badly and then competing with the first users for the CPU.
    await database.db.execute(sql`vacuum analyze`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${summary.valves} valves, ${summary.workOrders} work orders, ${summary.records} maintenance records, ` +
        `${summary.photos} photos, ${summary.readings} sensor readings in ${seconds} s.`,
    );
  } finally {
    await database.close();
  }
}

seed().catch((error) => {
  console.error(error instanceof Error ? `${error.message}${error.cause ? `\n${error.cause}` : ''}` : error);
  process.exit(1);
});
