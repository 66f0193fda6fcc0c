/**
 * Issue 15, finding 2 (b): the server killed with SIGKILL between a write and its answer. A child process serves
 * writes with Idempotency-Keys on its own data (a PGlite folder, or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set), is killed mid-load, restarted on the same data, and every write is retried with its
 * key: no acknowledged write is lost, none is written twice, and no retry is parked behind a key "in progress".
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killRun } from '../../bench/chaos-runs';
import { PgDatabases, type Storage } from '../../bench/servers';

const adminUrl = process.env.TEST_DATABASE_URL;
const databases = adminUrl ? new PgDatabases(adminUrl) : null;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'valveops-kill-'));
afterAll(async () => {
  await databases?.dropAll();
  await rm(dataDir, { recursive: true, force: true });
});

describe('kill -9 between a write and its answer', () => {
  it('loses no acknowledged write and writes none twice after the restart and the retries', async () => {
    const storage: Storage = databases
      ? {
          kind: 'postgres',
          dataDir,
          databaseUrl: await databases.create(`valveops_bench_kill_${process.pid}`),
        }
      : { kind: 'pglite', dataDir };
    const result = await killRun(storage, { loadMs: 2_500, writers: 6 });
    expect(result.acknowledged).toBeGreaterThan(0);
    expect(result.unexpected).toEqual([]);
    expect(result.missing).toBe(0);
    expect(result.duplicated).toBe(0);
    expect(result.failedRetries).toEqual([]);
  }, 400_000);
});
